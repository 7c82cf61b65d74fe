import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT as repoRoot } from '../../server/lib/paths';

/** A fake vendor server in a process of its own (so its work is not the app's or the bench's). */
export interface FakeProcess {
  url: string;
  pid: number;
  /** sends 'stats' over IPC and resolves with the process's answer */
  ask(): Promise<unknown>;
  /**
   * sends `{ id, ...message }` over IPC and resolves with the answer that carries the same `id`
   * (`{ id, result }`), so several requests can be in flight (fake-graph-process.ts answers so)
   */
  request(message: Record<string, unknown>): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Starts `bench/lib/<script>` under tsx; resolves once it prints its `{ url }` line (it listens).
 * `env` is added to the child's environment.
 */
export async function startFakeProcess(
  script: string,
  name: string,
  env: Record<string, string> = {},
): Promise<FakeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'lib', script)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    void exited.then(() => reject(new Error(`${name} exited before listening`)));
  });
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  child.on('message', (message) => {
    const { id, result } = (message ?? {}) as { id?: unknown; result?: unknown };
    if (typeof id !== 'number') return;
    waiting.get(id)?.(result);
    waiting.delete(id);
  });
  return {
    url,
    pid: child.pid!,
    ask: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('stats');
      }),
    request: (message) =>
      new Promise((resolve) => {
        const id = ++nextId;
        waiting.set(id, resolve);
        child.send({ ...message, id });
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
