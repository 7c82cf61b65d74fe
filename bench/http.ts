/**
 * HTTP throughput on loopback with autocannon: a bare Fastify hello-world (its own process) as the
 * baseline, the same hello-world signed in behind @fastify/session (what the session library alone
 * leaves of it), then the real server process (the bundle `npm start` runs, LOG_LEVEL=info as in production) on
 * the embedded database — GET /api/user signed in, POST /api/login — and the same on PostgreSQL
 * when it answers on 127.0.0.1:5432. Same connections and duration for every row.
 *
 *   node --import tsx bench/http.ts
 *
 * Only failed sign-ins count against the sign-in limits, so these successful ones are never
 * refused; the login run still signs in as many pre-registered users in turn, each request from
 * its own X-Forwarded-For address (the app trusts the benchmark as a proxy), as it did when
 * every attempt counted, so its figures stay comparable with earlier results.
 */
import type { Options, RequestData } from 'autocannon';
import {
  BENCH_PASSWORD,
  nextClientIp,
  registerUser,
  registerUsers,
  startApp,
  startHelloWorld,
  type RunningApp,
} from './lib/app-client';
import { discardOutput, printTable, removeDir, rssMb, tempDir, writeResult } from './lib/common';
import { compareToBaseline, loadTable, measureLoad, type LoadRow } from './lib/load';
import { createBenchDatabase } from './lib/postgres';

const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const LOGIN_ATTEMPTS_PER_USER = 10;

type Row = LoadRow;

const measure = (label: string, serverPid: number, options: Options, warmup = true) =>
  measureLoad(label, serverPid, options, {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: warmup ? WARMUP_S : 0,
  });

async function getUser(app: RunningApp, label: string): Promise<Row> {
  const cookie = await registerUser(app.origin, `bench${Date.now().toString(36)}`);
  return measure(label, app.server.child.pid!, {
    url: `${app.origin}/api/user`,
    headers: { cookie },
  });
}

/**
 * POST /api/login spread over a pool of users. The pool is sized from the registration rate
 * (registration and login both cost one argon2id hash), with a 3x margin: the first
 * registrations run on a cold process and undershoot.
 */
async function login(app: RunningApp, label: string): Promise<Row> {
  const prefix = `l${Date.now().toString(36)}u`;
  const probeStart = performance.now();
  const probe = await registerUsers(app.origin, prefix, 40);
  const perSecond = probe.length / ((performance.now() - probeStart) / 1000);
  const needed = Math.ceil((perSecond * DURATION_S * 3) / LOGIN_ATTEMPTS_PER_USER);
  const more =
    needed > probe.length
      ? await registerUsers(app.origin, `${prefix}m`, needed - probe.length)
      : [];
  const usernames = [...probe, ...more];

  let attempts = 0;
  const setupRequest = (request: RequestData): RequestData => {
    const username = usernames[attempts++ % usernames.length]!;
    return {
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': nextClientIp() },
      body: JSON.stringify({ username, password: BENCH_PASSWORD }),
    };
  };
  const row = await measure(
    label,
    app.server.child.pid!,
    {
      url: app.origin,
      requests: [
        {
          method: 'POST',
          path: '/api/login',
          headers: { 'content-type': 'application/json', origin: app.origin },
          setupRequest,
        },
      ],
    },
    false,
  );
  const maxPerUser = Math.ceil(attempts / usernames.length);
  row.notes = `${usernames.length} users, ≤${maxPerUser} attempts each, 1 IP per request`;
  return row;
}

async function appRows(env: Record<string, string>, name: string): Promise<Row[]> {
  const app = await startApp(env);
  discardOutput(app.server);
  try {
    const rows = [
      await getUser(app, `GET /api/user (${name})`),
      await login(app, `POST /api/login (${name})`),
    ];
    const mem = rssMb(app.server.child.pid!);
    if (mem) rows[1]!.notes += `; server RSS after load ${mem.rssMb} MB (peak ${mem.peakMb})`;
    return rows;
  } finally {
    await app.stop();
  }
}

/** The cost of request logging: GET /api/user again with LOG_LEVEL=warn. */
async function quietRow(env: Record<string, string>): Promise<Row> {
  const app = await startApp({ ...env, LOG_LEVEL: 'warn' });
  try {
    return await getUser(app, 'GET /api/user (embedded, LOG_LEVEL=warn)');
  } finally {
    await app.stop();
  }
}

async function main() {
  const hello = await startHelloWorld();
  let baseline: Row;
  try {
    baseline = await measure('fastify hello-world', hello.pid, { url: hello.url });
  } finally {
    await hello.stop();
  }

  // The floor of any route behind @fastify/session (the app's session library): the same
  // hello-world, signed in, with the session read and checked on every request.
  const helloSession = await startHelloWorld({ session: true });
  let sessionFloor: Row;
  try {
    const signIn = await fetch(`${helloSession.url}login`);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    sessionFloor = await measure('fastify hello-world + @fastify/session', helloSession.pid, {
      url: helloSession.url,
      headers: { cookie },
    });
  } finally {
    await helloSession.stop();
  }

  const rows: Row[] = [baseline, sessionFloor];
  const dir = tempDir('http');
  try {
    rows.push(...(await appRows({ DATA_DIR: dir }, 'embedded')));
    rows.push(await quietRow({ DATA_DIR: dir }));
  } finally {
    removeDir(dir);
  }

  const database = await createBenchDatabase();
  if (database) {
    const pgDir = tempDir('http-pg');
    try {
      rows.push(...(await appRows({ DATA_DIR: pgDir, DATABASE_URL: database.url }, 'postgres')));
    } finally {
      removeDir(pgDir);
      await database.drop();
    }
  }

  compareToBaseline(rows, baseline);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per row, loopback, autocannon in this process`,
  );
  printTable(loadTable(rows));
  for (const row of rows.filter((r) => r.notes)) console.log(`${row.case}: ${row.notes}`);
  const userRow = rows.find((r) => r.case === 'GET /api/user (embedded)')!;
  const targets = {
    getUserAtLeast40PercentOfBaseline: userRow.ratioToBaseline! >= 0.4,
    // for reference: how much of hello-world the session library itself leaves
    sessionFloorOfBaseline: sessionFloor.ratioToBaseline,
  };
  console.log('targets:', targets);
  const file = await writeResult('http', {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    targets,
    rows,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
