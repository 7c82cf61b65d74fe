import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../server/test/spawn-server';

export interface FakeOpenAIProcess {
  /** OPENAI_BASE_URL for the app */
  url: string;
  pid: number;
  /** the provider's own time per request since the last call, by path */
  takeTimings(): Promise<{ path: string; ms: number }[]>;
  stop(): Promise<void>;
}

/** Starts bench/lib/fake-openai-process.ts; resolves once it listens. */
export async function startFakeOpenAIProcess(): Promise<FakeOpenAIProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'lib', 'fake-openai-process.ts')],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    void exited.then(() => reject(new Error('fake OpenAI server exited before listening')));
  });
  return {
    url,
    pid: child.pid!,
    takeTimings: () =>
      new Promise((resolve) => {
        child.once('message', (m) =>
          resolve((m as { timed: { path: string; ms: number }[] }).timed),
        );
        child.send('stats');
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
