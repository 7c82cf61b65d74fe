import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT as repoRoot } from '../../server/lib/paths';
import type { SpawnedServer } from '../../server/test/server-process';
import { discardOutput, freePort, stopServer, waitFor200 } from './common';
import { spawnServer } from './server-process';

export const BENCH_PASSWORD = 'bench-password-1';

/**
 * Client addresses for simulated users, from 198.18.0.0/15 (RFC 2544, reserved for benchmarks).
 * `startApp` trusts the benchmark (on loopback) as a proxy, so each request can come from its own
 * "client" in X-Forwarded-For and the per-address limits (registration 20 / h, widget chat
 * 30 / min) are never reached.
 */
let nextAddress = 0;
export function nextClientIp(): string {
  const n = nextAddress++ % 131_072;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

export interface RunningApp {
  server: SpawnedServer;
  /** http://127.0.0.1:PORT, also the Origin that state-changing calls must send */
  origin: string;
  stop(): Promise<number | null>;
}

/** `bundle`: a server bundle to run as it is (see spawnServer). */
export async function startApp(env: Record<string, string>, bundle?: string): Promise<RunningApp> {
  const port = await freePort();
  const server = spawnServer(
    {
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    bundle,
  );
  // The "ready" line is logged at info; below that level only /readyz tells.
  const gone = () => server.child.exitCode !== null || server.child.signalCode !== null;
  const readyz = waitFor200(`http://127.0.0.1:${port}/readyz`, performance.now(), 120_000, gone);
  try {
    await Promise.race([server.ready, readyz]);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  readyz.catch(() => {});
  return { server, origin: `http://127.0.0.1:${port}`, stop: () => stopServer(server) };
}

/**
 * PostgreSQL deployments: one ROLE=web process (it migrates the database) then `workers` ROLE=worker
 * processes, their output discarded. Workers serve no HTTP: they reach the web process's built-in
 * gateway simulator at PUBLIC_URL, which is set to the web origin for them. Pushes each process
 * to `into` as it starts, so the caller stops what started even when a later one fails.
 */
export async function startWebAndWorkers(
  env: Record<string, string>,
  workers: number,
  into: RunningApp[],
): Promise<RunningApp> {
  const web = await startApp({ ...env, ROLE: 'web' });
  into.push(web);
  for (let i = 0; i < workers; i++) {
    into.push(await startApp({ PUBLIC_URL: web.origin, ...env, ROLE: 'worker' }));
  }
  for (const app of into) discardOutput(app.server);
  return web;
}

/** Registers one user through the API; returns the `sid=...` cookie, or throws on non-201. */
export async function registerUser(
  origin: string,
  username: string,
  planId = 'standard',
): Promise<string> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      'x-forwarded-for': nextClientIp(),
    },
    body: JSON.stringify({
      username,
      password: BENCH_PASSWORD,
      name: `Bench ${username}`,
      email: `${username}@bench.example`,
      planId,
    }),
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${body}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('register: no sid cookie');
  return cookie.split(';')[0]!;
}

/**
 * Gives a registered user a trialing subscription through the built-in test checkout (the app runs
 * without MERCADOPAGO_ACCESS_TOKEN): WhatsApp and the widget answer only subscribed owners.
 */
export async function subscribeSandbox(
  origin: string,
  cookie: string,
  username: string,
  planId = 'standard',
) {
  const headers = { 'content-type': 'application/json', origin, cookie };
  const created = await fetch(`${origin}/api/subscriptions/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      planId,
      userEmail: `${username}@bench.example`,
      userName: `Bench ${username}`,
    }),
  });
  const { init_point: initPoint } = (await created.json()) as { init_point: string };
  if (!created.ok) throw new Error(`checkout: ${created.status}`);
  const checkoutId = new URL(initPoint).pathname.split('/').at(-1)!;
  // a JSON content type with an empty body is a 400 (BAD_JSON): send an empty object
  const approved = await fetch(`${origin}/api/sandbox-checkout/${checkoutId}/approve`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!approved.ok) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${origin}/api/subscription`, { headers: { cookie } });
    const body = (await res.json()) as { subscription?: { status?: string } | null };
    if (body.subscription?.status === 'trialing') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('subscription never became trialing');
}

/** A signed-in owner: JSON calls with their session cookie and the Origin the API wants. */
export interface OwnerSession {
  origin: string;
  cookie: string;
  /** a JSON call; throws on a non-2xx answer, resolves to the parsed body (null when empty) */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
}

export function ownerSession(origin: string, cookie: string): OwnerSession {
  return {
    origin,
    cookie,
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: {
          origin,
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Registers an owner and, with `subscribe`, gives them the sandbox subscription. */
export async function newOwner(
  origin: string,
  username: string,
  options: { subscribe?: boolean; planId?: string } = {},
): Promise<OwnerSession> {
  const cookie = await registerUser(origin, username, options.planId);
  if (options.subscribe !== false) await subscribeSandbox(origin, cookie, username, options.planId);
  return ownerSession(origin, cookie);
}

/** An active agent of the owner (the bakery of the benchmarks); resolves to its id. */
export async function createAgent(owner: OwnerSession, name = 'Padaria'): Promise<number> {
  const created = await owner.call<{ id: number }>('POST', '/api/agents', {
    name,
    systemPrompt: 'Você atende os clientes da padaria.',
    status: 'active',
  });
  return created.id;
}

/** Registers `count` users, `concurrency` at a time; returns their usernames. */
export async function registerUsers(
  origin: string,
  prefix: string,
  count: number,
  concurrency = 8,
): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  let next = 0;
  const worker = async () => {
    while (next < names.length) await registerUser(origin, names[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return names;
}

/** The Fastify hello-world baseline in its own process; resolves once it listens. */
export async function startHelloWorld(options: { session?: boolean } = {}): Promise<{
  url: string;
  pid: number;
  stop(): Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join('bench', 'lib', 'hello-server.ts'),
      ...(options.session ? ['--session'] : []),
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    void exited.then(() => reject(new Error('hello-world server exited before listening')));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
