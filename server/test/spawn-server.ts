import path from 'node:path';
import { inject } from 'vitest';
import { spawnBundle, type SpawnedServer } from './server-process';

export type { SpawnedServer } from './server-process';

/**
 * Starts the server as a real process, the way `npm start` does after the build: this run's bundle
 * of `server/main.ts` (server-bundle.ts).
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  return spawnBundle(path.join(inject('serverBundle'), 'main.js'), env);
}
