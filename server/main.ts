import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createAppContext } from './app-context';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { createEmbeddedDatabaseApart } from './db/embedded-first-start';
import { loggerOptions } from './lib/logger';
import { runMigrations } from './db/migrate';
import { startAppJobs } from './jobs/app-jobs';
import type { JobRunner } from './jobs/runner';
import { resolveAppSecret } from './lib/secrets';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino(loggerOptions(config.LOG_LEVEL));

  let database: Database;
  try {
    if (!config.DATABASE_URL) {
      const creatingSince = performance.now();
      if (await createEmbeddedDatabaseApart(config.DATA_DIR)) {
        const ms = Math.round(performance.now() - creatingSince);
        logger.info({ dataDir: config.DATA_DIR, ms }, 'embedded database created');
      }
    }
    database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const capabilities = await runMigrations(database);
  const appSecret = resolveAppSecret(config.APP_SECRET, config.DATA_DIR);

  let jobs: JobRunner | null = null;
  const ctx = createAppContext({
    config,
    database,
    capabilities,
    appSecret: appSecret,
  });

  let app: FastifyInstance | null = null;
  if (config.ROLE !== 'worker') {
    app = await buildApp(ctx);
  }
  jobs = await startAppJobs(ctx, config.ROLE, app?.log ?? logger);
  if (app) await app.listen({ port: config.PORT, host: config.HOST });

  // Before 'ready' is logged: the log line may reach a supervisor (or a test) that signals at
  // once, and a signal with no handler yet kills the process without a graceful stop.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn('second signal, exiting now');
      process.exit(1);
    }
    stopping = true;
    ctx.state.shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app?.close();
      await jobs?.stop();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  logger.info(
    {
      role: config.ROLE,
      database: database.kind,
      vector: capabilities.vector,
      publicUrl: config.PUBLIC_URL,
      readyMs: Math.round(performance.now() - startedAt),
    },
    'ready',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
