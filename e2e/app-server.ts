import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/free-port';

/** One built app (dist/server/main.js) on its own port and its own embedded database. */
export interface AppServer {
  url: string;
  dataDir: string;
  /** Stops the server (SIGTERM: its clean shutdown) and removes its data, unless kept. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the e2e server was not ready in ${timeoutMs} ms`);
}

/**
 * Set by e2e/global-setup.ts: a data directory the built server made, migrated and closed. A
 * worker's server starts on a copy of it (a copy and a restart took ~4 s on two busy cores; a
 * first start, which makes and migrates the embedded database, ~12 s).
 */
export const TEMPLATE_DATA_DIR_ENV = 'E2E_TEMPLATE_DATA_DIR';

/**
 * Starts the built server the way `npm start` does, on a fresh data directory: a copy of the
 * prepared template (TEMPLATE_DATA_DIR_ENV) when there is one and the app runs embedded. Each Playwright
 * worker has its own (e2e/fixtures.ts): a test's pages are served by an event loop no other test
 * is using, so a heavy step of one test (a document read, a burst of WhatsApp turns) does not
 * stall the screens of the test beside it. `env` adds to or overrides the server's environment (a
 * spec that needs a model gives it a fake provider's address).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aab-e2e-'));
  const template = process.env[TEMPLATE_DATA_DIR_ENV];
  if (template && !env.DATABASE_URL) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links the server builds (the test checkout's init_point, back URLs) point at this server.
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tests' requests (on loopback) may name their own client address: see fixtures.ts.
      TRUST_PROXY: '127.0.0.1',
      // WhatsApp replies keep their "digitando…" before each part, shorter than the 4 s default:
      // the tests check what is sent and in which order; the pauses are measured by
      // bench/whatsapp-rush.ts.
      WHATSAPP_TYPING_DELAY_MS: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(url, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    async stop({ keepDataDir = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
