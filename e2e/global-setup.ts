import { rmSync } from 'node:fs';
import { startAppServer, TEMPLATE_DATA_DIR_ENV } from './app-server';

/**
 * Once per run, before the workers: the built server's first start on a new data directory
 * (the embedded database made and migrated, the job queue's schema, the secret), then a clean
 * stop. Every worker's server then starts on a copy of that directory, as `npm start` does after
 * a restart, instead of paying the first start again (e2e/app-server.ts).
 */
export default async function globalSetup() {
  const template = await startAppServer();
  await template.stop({ keepDataDir: true });
  process.env[TEMPLATE_DATA_DIR_ENV] = template.dataDir;
  return () => rmSync(template.dataDir, { recursive: true, force: true });
}
