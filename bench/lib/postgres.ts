import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the PostgreSQL rows are measured on; override with BENCH_POSTGRES_URL. */
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a throw-away database for one benchmark, or returns null (with the reason printed)
 * when no PostgreSQL answers on loopback — the PostgreSQL rows are then skipped, not faked.
 */
export async function createBenchDatabase(): Promise<BenchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(
      `PostgreSQL not reachable at ${adminUrl} (${(err as Error).message}); skipping it.`,
    );
    return null;
  }
  const name = `aab_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`kept the database ${url.toString()} (BENCH_KEEP_DATABASE=1)`);
        return;
      }
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
