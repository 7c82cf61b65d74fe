/**
 * Child process of bench/durability.ts: reopens a DATA_DIR (after a kill -9, so this also takes
 * over the stale lock) and prints one JSON line: how long opening took and what survived.
 *
 *   node --import tsx bench/lib/inspect-data-dir.ts <DATA_DIR>
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: inspect-data-dir.ts <DATA_DIR>');

const t0 = performance.now();
const database = await openDatabase({ dataDir });
const openMs = performance.now() - t0;
await runMigrations(database);
const migrateMs = performance.now() - t0 - openMs;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

const hasBenchTable =
  (await rowsOf<{ t: string | null }>(sql`SELECT to_regclass('bench_durability')::text AS t`))[0]
    ?.t !== null;
const runs = hasBenchTable
  ? await rowsOf<{ run: number; rows: number; batches: number; partial: number }>(sql`
      SELECT run, sum(n)::int AS rows, count(*)::int AS batches,
             count(*) FILTER (WHERE n <> 100)::int AS partial
      FROM (SELECT run, batch, count(*) AS n FROM bench_durability GROUP BY run, batch) b
      GROUP BY run ORDER BY run`)
  : [];
const usernames = (await rowsOf<{ username: string }>(sql`SELECT username FROM users`)).map(
  (r) => r.username,
);
await database.close();
console.log(
  JSON.stringify({ openMs: Math.round(openMs), migrateMs: Math.round(migrateMs), runs, usernames }),
);
