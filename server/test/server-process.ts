import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../lib/paths';

export interface SpawnedServer {
  child: ChildProcess;
  /** resolves with the ready log line's fields, rejects if the process exits first */
  ready: Promise<Record<string, unknown>>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * Starts a server bundle (`main.js` of a `build:server` output) as a real process, as `npm start`
 * does, on an ephemeral port with JSON logs: the tests' (spawn-server.ts) and the benchmarks'
 * (bench/lib/server-process.ts) one way to run the server as users do. `nodeArgs` go before the
 * script (a benchmark's `--cpu-prof`, say).
 */
export function spawnBundle(
  main: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): SpawnedServer {
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', main], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      out += text;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry.msg === 'ready') resolve(entry);
        } catch {
          // not a log line
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exit.then(({ code }) =>
      reject(new Error(`server exited (${code}) before ready:\n${out.slice(-4000)}`)),
    );
  });
  ready.catch(() => {});
  return { child, ready, exit, output: () => out };
}
