import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { createAppContext, type AppContext } from '../app-context';
import { loadConfig } from '../config';
import { embeddedDataPath, openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { startAppJobs } from '../jobs/app-jobs';
import { adminDatabaseUrl, databaseUrlFor, testDatabaseKind } from './test-env';

export interface TestApp {
  baseUrl: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  /** stop the server and database, then start both again on the same data */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** extra environment for loadConfig (e.g. OPENAI_BASE_URL of a fake server) */
  env?: Record<string, string>;
  /**
   * run the pg-boss job runner in this process (default false); 'enqueue' starts it as a web
   * process does: jobs are queued, none is worked
   */
  jobs?: boolean | 'enqueue';
  /** where the app's JSON log lines go (at LOG_LEVEL info); none by default */
  logStream?: DestinationStream;
  /** passed to buildApp: told of every route as it is registered */
  onRoute?: BuildAppOptions['onRoute'];
  /**
   * listen on this port instead of an ephemeral one: pre-pick it with `freePort()` and pass
   * PUBLIC_URL with it in `env`, so gateway webhooks and workers reach this very app
   */
  port?: number;
  /** passed to buildApp: the client build to serve instead of dist/client */
  clientDist?: string;
}

/** A port free right now on loopback (for `port` + PUBLIC_URL). */
export { freePort } from './free-port';

const TEST_SECRET = 'integration-tests-secret-0123456789abcdef';

/**
 * The real app on an ephemeral port over a real database: a copy of the prepared PGlite template
 * in its own DATA_DIR, or its own PostgreSQL database cloned from the template.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = testDatabaseKind();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aab-test-'));
  let databaseUrl: string | undefined;
  let pgName: string | undefined;
  if (kind === 'postgres') {
    pgName = await clonePostgresTemplate();
    databaseUrl = databaseUrlFor(pgName);
  }

  if (kind === 'embedded') copyEmbeddedTemplate(dataDir);

  const start = async () => {
    const database = await openDatabase({ dataDir, databaseUrl, poolSize: 4 });
    const capabilities = await runMigrations(database);
    const config = loadConfig({
      ...options.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      APP_SECRET: TEST_SECRET,
    });
    const ctx = createAppContext({
      config,
      database,
      capabilities,
      appSecret: TEST_SECRET,
    });
    const app = await buildApp(ctx, {
      logger: options.logStream ? { stream: options.logStream } : false,
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.clientDist ? { clientDist: options.clientDist } : {}),
    });
    if (options.jobs) {
      await startAppJobs(ctx, options.jobs === 'enqueue' ? 'web' : 'all', app.log);
    }
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { app, ctx, database, baseUrl: `http://127.0.0.1:${port}` };
  };

  // Jobs stop first, while the app they may still call (the in-app simulator) is up; then the app.
  const stop = async (running: Awaited<ReturnType<typeof start>>) => {
    await running.ctx.jobs?.stop();
    await running.app.close();
    await running.database.close();
  };

  let running = await start();
  const handle: TestApp = {
    get baseUrl() {
      return running.baseUrl;
    },
    get app() {
      return running.app;
    },
    get ctx() {
      return running.ctx;
    },
    get database() {
      return running.database;
    },
    async restart() {
      await stop(running);
      running = await start();
    },
    async close() {
      await stop(running);
      rmSync(dataDir, { recursive: true, force: true });
      if (pgName) await dropPostgresDatabase(pgName);
    },
  };
  return handle;
}

/** Makes `dataDir` hold a copy of the migrated embedded database prepared for this run. */
export function copyEmbeddedTemplate(dataDir: string): void {
  cpSync(inject('pgliteTemplate'), embeddedDataPath(dataDir), { recursive: true });
}

/** A new PostgreSQL database cloned from the migrated template; its name. */
export async function clonePostgresTemplate(): Promise<string> {
  const name = `aab_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  return name;
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** One statement on the PostgreSQL server as the admin user (create and drop databases). */
export async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
