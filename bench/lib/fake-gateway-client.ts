import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../../server/test/spawn-server';

export interface FakeGatewayStats {
  /** the webhook secret the app registered at /instance/create */
  secret: string | null;
  sends: number;
  /** recipient number → epoch ms of its first sendText */
  firstSendAt: Record<string, number>;
  /** recipient number → epoch ms of its latest sendText */
  lastSendAt: Record<string, number>;
}

export interface FakeGatewayProcess {
  /** EVOLUTION_API_URL for the app */
  url: string;
  pid: number;
  stats(): Promise<FakeGatewayStats>;
  stop(): Promise<void>;
}

/** Starts bench/lib/fake-gateway-process.ts; resolves once it listens. */
export async function startFakeGatewayProcess(): Promise<FakeGatewayProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'lib', 'fake-gateway-process.ts')],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    void exited.then(() => reject(new Error('fake gateway exited before listening')));
  });
  return {
    url,
    pid: child.pid!,
    stats: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as FakeGatewayStats));
        child.send('stats');
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
