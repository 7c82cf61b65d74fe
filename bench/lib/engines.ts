import { startInProcessApp, type InProcessApp } from './in-process-app';
import { createBenchDatabase } from './postgres';

export type Engine = 'embedded' | 'postgres';

/**
 * Runs `measure` against the app in this process on one engine: the embedded database, or a
 * throw-away PostgreSQL database (none when PostgreSQL does not answer: no rows then). The app and
 * the database are closed and dropped whatever happens.
 */
export async function onEngine<T>(
  engine: Engine,
  env: Record<string, string>,
  measure: (app: InProcessApp) => Promise<T[]>,
): Promise<T[]> {
  if (engine === 'embedded') {
    const app = await startInProcessApp(env);
    try {
      return await measure(app);
    } finally {
      await app.close();
    }
  }
  const database = await createBenchDatabase();
  if (!database) return [];
  try {
    const app = await startInProcessApp({ ...env, DATABASE_URL: database.url });
    try {
      return await measure(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
  }
}
