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
  stop(): Promise<void>;
}

/**
 * Starts `bench/lib/<script>` under tsx; resolves once it prints its `{ url }` line (it listens).
 */
export async function startFakeProcess(script: string, name: string): Promise<FakeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'lib', script)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    void exited.then(() => reject(new Error(`${name} exited before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    ask: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('stats');
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
