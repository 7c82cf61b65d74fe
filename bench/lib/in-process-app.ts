import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { createAppContext, type AppContext } from '../../server/app-context';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { startAppJobs } from '../../server/jobs/app-jobs';
import { HttpClient } from '../../server/test/http-client';
import { removeDir, tempDir } from './common';

const BENCH_SECRET = 'benchmarks-secret-0123456789abcdef0123';

export interface InProcessApp {
  baseUrl: string;
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * The real app and job runner in this process, on a new embedded database (as
 * server/test/harness.ts builds it, without vitest), or on the PostgreSQL database of
 * `env.DATABASE_URL`: for benchmarks that time the services behind the routes, not the HTTP
 * round trip.
 */
export async function startInProcessApp(env: Record<string, string> = {}): Promise<InProcessApp> {
  const dataDir = tempDir('app');
  const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
  const capabilities = await runMigrations(database);
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    APP_SECRET: BENCH_SECRET,
  });
  const ctx = createAppContext({
    config,
    database,
    capabilities,
    appSecret: BENCH_SECRET,
  });
  const app = await buildApp(ctx, { logger: false });
  await startAppJobs(ctx, 'all', app.log);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.jobs?.stop();
      await database.close();
      removeDir(dataDir);
    },
  };
}

/** Registers a user through the API; the client keeps its session cookie. */
export async function signedInClient(
  baseUrl: string,
  username: string,
): Promise<{ client: HttpClient; userId: number }> {
  const client = new HttpClient(baseUrl);
  const res = await client.post<{ id: number }>('/api/register', {
    username,
    password: 'bench-password-1',
    name: `Bench ${username}`,
    email: `${username}@bench.example`,
    planId: 'standard',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { client, userId: res.body.id };
}

export async function createAgent(client: HttpClient, name: string): Promise<number> {
  const res = await client.post<{ id: number }>('/api/agents', {
    name,
    systemPrompt: 'Você atende clientes de um pequeno negócio.',
  });
  if (res.status !== 201) throw new Error(`POST /api/agents: ${res.status} ${res.text}`);
  return res.body.id;
}
