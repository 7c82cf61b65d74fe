import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { OwnerEvent } from '@common/schemas/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { LISTEN_APPLICATION_NAME } from '../../db/listen';
import { freePort, startTestApp, type TestApp } from '../../test/harness';
import { HttpClient, signedInClient } from '../../test/http-client';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { SseReader } from '../../test/sse-client';
import { testDatabaseKind } from '../../test/test-env';
import { waitFor } from '../../test/wait-for';
import { MAX_STREAMS_PER_OWNER, publishOwnerEvent, STREAMS_FULL_RETRY_SECONDS } from './index';

/**
 * PostgreSQL only: several web processes share one database there (an embedded database has one
 * process, and the embedded pass leaves this file out). The test's own app (A) and a real server
 * process (B, `ROLE=web`) on the same database: an event published in A reaches the streams of
 * both; the connections that LISTEN are cut and come back without losing an event; B shuts down
 * on SIGTERM with a stream open.
 */
let t: TestApp;
let b: SpawnedServer;
let bUrl: string;
let dataDir: string;
const open: SseReader[] = [];

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') {
    throw new Error('events-postgres.int.test.ts runs on PostgreSQL: TEST_DATABASE=postgres');
  }
  t = await startTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-events-'));
  const port = await freePort();
  bUrl = `http://127.0.0.1:${port}`;
  b = spawnServer({
    DATABASE_URL: t.ctx.config.DATABASE_URL!,
    ROLE: 'web',
    PORT: String(port),
    PUBLIC_URL: bUrl,
    DATA_DIR: dataDir,
    APP_SECRET: t.ctx.appSecret,
  });
  await b.ready;
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((reader) => reader.close()));
  if (b && b.child.exitCode === null && b.child.signalCode === null) {
    b.child.kill('SIGTERM');
    await b.exit;
  }
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A registered owner, signed in on A and (the same session) on B. */
async function owner() {
  const { client, id } = await signedInClient(t.baseUrl);
  const onB = new HttpClient(bUrl);
  for (const [name, value] of client.cookies) onB.cookies.set(name, value);
  return { onA: client, onB, id };
}

async function stream(client: HttpClient, headers: Record<string, string> = {}) {
  const reader = await SseReader.open(client, '/api/events', headers);
  open.push(reader);
  expect(reader.status).toBe(200);
  await reader.until((r) => r.blocks.some((block) => block.id !== undefined), 'the starting id');
  return reader;
}

let seq = 0;
function notification(): OwnerEvent {
  seq += 1;
  return {
    type: 'notification',
    notification: {
      id: seq,
      kind: 'whatsapp-disconnected',
      conversationId: null,
      agentId: 3,
      subject: null,
      readAt: null,
      createdAt: new Date().toISOString(),
    },
  };
}

const ids = (reader: SseReader) => reader.events.map((block) => Number(block.id));

describe('owner events across processes on PostgreSQL', () => {
  it('an event published in one process reaches the owner’s streams in both', async () => {
    const o = await owner();
    const stranger = await owner();
    const onA = await stream(o.onA);
    const onB = await stream(o.onB);
    const strangerOnB = await stream(stranger.onB);
    const published = [
      await publishOwnerEvent(t.ctx, o.id, notification()),
      await publishOwnerEvent(t.ctx, o.id, notification()),
    ];
    await onA.untilEvents(2);
    await onB.untilEvents(2);
    expect(ids(onA)).toEqual(published);
    expect(ids(onB)).toEqual(published);
    expect(onB.events.map((block) => JSON.parse(block.data!) as unknown)).toEqual(
      onA.events.map((block) => JSON.parse(block.data!) as unknown),
    );
    const strangers = await publishOwnerEvent(t.ctx, stranger.id, notification());
    await strangerOnB.untilEvents(1);
    expect(ids(strangerOnB)).toEqual([strangers]);

    // A reconnect to the other process resumes where the first left off.
    await onA.close();
    const missed = await publishOwnerEvent(t.ctx, o.id, notification());
    const resumed = await stream(o.onB, { 'last-event-id': String(published[1]) });
    await resumed.untilEvents(1);
    expect(ids(resumed)).toEqual([missed]);
  });

  it('listens again after the connection drops, and loses nothing meanwhile', async () => {
    const o = await owner();
    const onA = await stream(o.onA);
    const onB = await stream(o.onB);
    const listeners = () =>
      queryRows<{ pid: number }>(
        t.database.db,
        sql`SELECT pid FROM pg_stat_activity
            WHERE application_name = ${LISTEN_APPLICATION_NAME} AND datname = current_database()`,
      );
    expect(await listeners()).toHaveLength(2);
    await t.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${LISTEN_APPLICATION_NAME} AND datname = current_database()`,
    );
    // Published while neither process listens: read from the table once they listen again.
    const published = [];
    for (let i = 0; i < 3; i++)
      published.push(await publishOwnerEvent(t.ctx, o.id, notification()));
    await onA.untilEvents(3);
    await onB.untilEvents(3);
    expect(ids(onA)).toEqual(published);
    expect(ids(onB)).toEqual(published);
    await waitFor(async () => (await listeners()).length === 2, 'both listening again', 5_000);
    const later = await publishOwnerEvent(t.ctx, o.id, notification());
    await onA.untilEvents(4);
    await onB.untilEvents(4);
    expect(ids(onB)).toEqual([...published, later]);
  });

  it(`holds ${MAX_STREAMS_PER_OWNER} streams per owner across both processes, the next refused on either`, async () => {
    const o = await owner();
    const readers = [];
    for (let i = 0; i < MAX_STREAMS_PER_OWNER; i++)
      readers.push(await stream(i % 2 ? o.onB : o.onA));
    for (const client of [o.onA, o.onB]) {
      const refused = await client.get('/api/events');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(STREAMS_FULL_RETRY_SECONDS));
      expect(refused.body).toMatchObject({ code: 'EVENT_STREAMS_LIMIT' });
    }
    // A stream closed on B makes room on A.
    await readers[1]!.close();
    await waitFor(async () => {
      const res = await SseReader.open(o.onA, '/api/events');
      open.push(res);
      return res.status === 200;
    }, 'a place given back on B, taken on A');
    await Promise.all(readers.map((reader) => reader.close()));
  });

  it('a server process with a stream open stops on SIGTERM', async () => {
    const o = await owner();
    const onB = await stream(o.onB);
    b.child.kill('SIGTERM');
    const { code } = await b.exit;
    expect(code).toBe(0);
    await onB.ended;
    expect(b.output()).toContain('"msg":"stopped"');
  });
});
