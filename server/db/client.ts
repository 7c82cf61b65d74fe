import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { PgNotifications, pgliteNotifications, type Notifications } from './listen';
import {
  adoptDrizzleParsers,
  drizzleClient,
  jobsClient,
  sendBuffersInBinary,
} from './pglite-clients';
import { QueryGate } from './query-gate';
import * as schema from './schema';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: AppDb;
  /**
   * The same database for the few statements that must not wait behind background work
   * (storing a webhook delivery before acknowledging it). On PostgreSQL it is `db`.
   */
  urgentDb: AppDb;
  /**
   * Announces urgent statements about to be queued; background statements wait until the
   * returned function is called (embedded only; on PostgreSQL nothing waits).
   */
  reserveUrgent(): () => void;
  kind: 'embedded' | 'postgres';
  /**
   * LISTEN/NOTIFY on either driver (db/listen.ts): on PostgreSQL a dedicated connection, opened
   * at the first listen and reopened after a drop; embedded, the engine's own session.
   */
  notifications: Notifications;
  /** the embedded engine, when kind is 'embedded' (dumps use it) */
  pglite?: PGlite;
  /** the embedded engine as pg-boss reads it (timestamps as dates), when kind is 'embedded' */
  jobsPglite?: PGlite;
  /** the connection pool and its URL, when kind is 'postgres' */
  pool?: pg.Pool;
  url?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** a PGlite data-directory dump (`dumpDataDir`) to start from when the directory is new */
  seed?: Blob | undefined;
  poolSize?: number;
  /** the embedded engine's directory, when not `embeddedDataPath(dataDir)` (a database being made) */
  embeddedPath?: string;
  /** the DATA_DIR lock, already held by the caller, who releases it (close() then leaves it) */
  lock?: DataDirLock;
}

/**
 * The embedded engine's buffer pool. PGlite zeroes it inside its WebAssembly memory at start, so
 * all of it is resident from the first second: at PostgreSQL's default of 128 MB the idle server
 * held ~415 MB, ~280 MB with 32 MB, ~350 MB with 64 MB. The data files stay in the operating
 * system's page cache, but a page read through PGlite's file system layer costs far more than a
 * buffer hit: full-text search over 100k chunks timed the same with 32 and 128 MB, while the
 * vector index of 111k chunks (53 MB) missed the 32 MB pool on every search (HNSW candidates
 * 24 ms, 11 ms at 64 MB, no faster at 128 MB).
 */
export const EMBEDDED_SHARED_BUFFERS = '64MB';

/**
 * The embedded engine's memory per sort or hash before it spills to temporary files (PostgreSQL's
 * default is 4 MB). The reports' 90-day overview sorts ~120k response times at 1M messages: at
 * 4 MB that sort went to disk (bench/analytics.ts, ADR 0025). PGlite has one connection and runs
 * one query at a time, so this is the most one query holds per sort.
 */
export const EMBEDDED_WORK_MEM = '16MB';

/**
 * Session settings of the vector search (pgvector's own; a placeholder where it is missing): an
 * HNSW scan goes on past its first candidates until enough chunks of the searched agent are found
 * (iterative scan, pgvector 0.8), and keeps a list of 400 candidates while it walks the graph:
 * over the quantized embeddings of 40k chunks of topical text (bench/vector-recall.ts), the
 * final 20 then hold 96 % of an exact search's 20, as many as a scan of every chunk's bits (84 %
 * with a list of 100, 90 % with 200), for ~1 ms more.
 */
export const VECTOR_SEARCH_SETTINGS: Record<string, string> = {
  'hnsw.iterative_scan': 'relaxed_order',
  'hnsw.ef_search': '400',
};

/**
 * Session settings of every PostgreSQL connection besides the vector search's: no JIT
 * compilation. The planner cannot see how few rows a `generate_series` over the period's days
 * yields, prices the reports' statements high, and PostgreSQL then spent 150–250 ms compiling each
 * of them for queries that run in 10 ms (bench/analytics.ts, ADR 0025). Nothing this app runs is
 * the long analytical scan JIT pays off on.
 */
export const POSTGRES_SESSION_SETTINGS: Record<string, string> = { jit: 'off' };

export function embeddedDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openEmbedded(options);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const settings = Object.entries({ ...VECTOR_SEARCH_SETTINGS, ...POSTGRES_SESSION_SETTINGS })
    .map(([name, value]) => `SET ${name} = '${value}'`)
    .join('; ');
  // Run on a new connection before the pool hands it out: pg-pool (3.14) waits for the promise,
  // though @types/pg types the hook as returning nothing. A failure leaves the defaults.
  const applySettings = (client: pg.ClientBase): Promise<void> =>
    client.query(settings).then(
      () => {},
      () => {},
    );
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: 'ai-agent-builder',
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool awaits it
    onConnect: applySettings,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const client = await pool.connect();
  client.release();
  const db = drizzlePg(pool, { schema }) as unknown as AppDb;
  const notifications = new PgNotifications(url);
  return {
    db,
    urgentDb: db,
    reserveUrgent: () => () => {},
    kind: 'postgres',
    notifications,
    pool,
    url,
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  const { dataDir, seed } = options;
  const lock: DataDirLock = options.lock ?? acquireDataDirLock(dataDir);
  const releaseLock = () => {
    if (!options.lock) lock.release();
  };
  try {
    const dir = options.embeddedPath ?? embeddedDataPath(dataDir);
    mkdirSync(dir, { recursive: true });
    const pglite = await PGlite.create({
      dataDir: dir,
      extensions: { vector, unaccent, pg_trgm, btree_gin, btree_gist },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
        '-c',
        `work_mem=${EMBEDDED_WORK_MEM}`,
        ...Object.entries(VECTOR_SEARCH_SETTINGS).flatMap(([name, value]) => [
          '-c',
          `${name}=${value}`,
        ]),
      ],
      ...(seed ? { loadDataDir: seed } : {}),
    });
    const usualParsers = adoptDrizzleParsers(pglite);
    sendBuffersInBinary(pglite);
    const gate = new QueryGate();
    const drizzleOver = (urgent: boolean) =>
      drizzlePglite(drizzleClient(pglite, gate, urgent), { schema }) as unknown as AppDb;
    let closed = false;
    const notifications = pgliteNotifications(pglite);
    return {
      db: drizzleOver(false),
      urgentDb: drizzleOver(true),
      reserveUrgent: () => gate.reserve(),
      kind: 'embedded',
      notifications,
      pglite,
      jobsPglite: jobsClient(pglite, usualParsers, gate),
      async close() {
        if (closed) return;
        closed = true;
        try {
          await notifications.close();
          await pglite.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** Runs raw SQL and returns its rows, typed by the caller; the same on both drivers. */
export async function queryRows<T>(db: AppDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
