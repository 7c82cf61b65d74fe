import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

export const repoRoot = path.join(import.meta.dirname, '..', '..');

export interface SpawnedServer {
  child: ChildProcess;
  /** resolves with the ready log line's fields, rejects if the process exits first */
  ready: Promise<Record<string, unknown>>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * Starts the server as a real process, the way `npm start` does after the build: this run's bundle
 * of `server/main.ts` (server-bundle.ts).
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const main = path.join(inject('serverBundle'), 'main.js');
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry.msg === 'ready') resolve(entry);
        } catch {
          // a partial line; wait for more
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exit.then(({ code }) =>
      reject(new Error(`server exited (${code}) before ready:\n${out}`)),
    );
  });
  ready.catch(() => {});
  return { child, ready, exit, output: () => out };
}
