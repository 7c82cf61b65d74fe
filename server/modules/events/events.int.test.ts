import { sql } from 'drizzle-orm';
import type { OwnerEvent } from '@common/schemas/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient, signedInClient } from '../../test/http-client';
import { SseReader, type SseBlock } from '../../test/sse-client';
import { waitFor } from '../../test/wait-for';
import {
  MAX_STREAMS_PER_OWNER,
  OWNER_EVENTS_REPLAY_MAX,
  STREAMS_FULL_RETRY_SECONDS,
  publishOwnerEvent,
  purgeExpiredOwnerEvents,
} from './index';

/**
 * GET /api/events over real HTTP, with events published as the inbox will publish them (through
 * the app's context). Heartbeats every second here (25 s by default).
 */
let t: TestApp;
const open: SseReader[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { EVENTS_HEARTBEAT_SECONDS: '1' } });
});

afterAll(async () => {
  await Promise.all(open.map((reader) => reader.close()));
  await t.close();
});

/** The owner's stream places counted across processes. */
async function placesOf(ownerId: number) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM owner_event_streams WHERE owner_id = ${ownerId}`,
  );
  return row!.n;
}

async function owner() {
  const { client, id } = await signedInClient(t.baseUrl);
  return { client, id };
}

/** A stream of the client's events, once the server has told it where it starts. */
async function stream(client: HttpClient, headers: Record<string, string> = {}, query = '') {
  const reader = await SseReader.open(client, `/api/events${query}`, headers);
  open.push(reader);
  expect(reader.status).toBe(200);
  await reader.until((r) => r.blocks.some((b) => b.id !== undefined), 'the starting id');
  return reader;
}

let seq = 0;
function notification(): OwnerEvent {
  seq += 1;
  return {
    type: 'notification',
    notification: {
      id: seq,
      kind: 'needs-person',
      conversationId: 7,
      agentId: 3,
      subject: `Cliente ${seq} — “ação”\nlinha 2`,
      readAt: null,
      createdAt: new Date().toISOString(),
    },
  };
}

const message: OwnerEvent = { type: 'message', conversationId: 7 };

const conversation: OwnerEvent = { type: 'conversation', conversationId: 7 };

function publish(ownerId: number, event: OwnerEvent = notification()) {
  return publishOwnerEvent(t.ctx, ownerId, event);
}

const ids = (blocks: SseBlock[]) => blocks.map((b) => Number(b.id));
const startingId = (reader: SseReader) => Number(reader.blocks.find((b) => b.id)!.id);
const newest = (reader: SseReader) => Number(reader.blocks.findLast((b) => b.id)!.id);

describe('GET /api/events', () => {
  it('answers 401 without a session, in the reader’s language', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/events');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(res.body.message).toMatch(/sess|entr|login/i);
  });

  it('streams the owner’s events with id, type and JSON data, uncompressed', async () => {
    const a = await owner();
    const reader = await stream(a.client, { 'accept-encoding': 'br, gzip' });
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('content-encoding')).toBeNull();
    expect(reader.headers.get('cache-control')).toContain('no-cache');
    expect(reader.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reader.blocks[0]!.retry).toBe('3000');

    const events = [message, conversation, notification()];
    const published: number[] = [];
    for (const event of events) published.push(await publish(a.id, event));
    await reader.untilEvents(3);
    expect(ids(reader.events)).toEqual(published);
    expect(reader.events.map((b) => b.event)).toEqual(['message', 'conversation', 'notification']);
    expect(reader.events.map((b) => JSON.parse(b.data!) as unknown)).toEqual(events);
  });

  it('sends an owner only their own events', async () => {
    const a = await owner();
    const b = await owner();
    const readerA = await stream(a.client);
    const readerB = await stream(b.client);
    const forA = await publish(a.id);
    const forB = await publish(b.id);
    await readerA.untilEvents(1);
    await readerB.untilEvents(1);
    // Each stream's next event proves the other owner's did not come in between.
    const laterA = await publish(a.id);
    await readerA.untilEvents(2);
    expect(ids(readerA.events)).toEqual([forA, laterA]);
    expect(ids(readerB.events)).toEqual([forB]);
  });

  it('replays exactly what a reconnect missed, in order, then goes on live', async () => {
    const a = await owner();
    const first = await stream(a.client);
    const seen = await publish(a.id);
    await first.untilEvents(1);
    await first.close();
    const missed = [await publish(a.id), await publish(a.id), await publish(a.id)];

    const again = await stream(a.client, { 'last-event-id': String(seen) });
    await again.untilEvents(3);
    expect(ids(again.events)).toEqual(missed);
    const live = await publish(a.id);
    await again.untilEvents(4);
    expect(ids(again.events)).toEqual([...missed, live]);

    // The same by URL, for a client that reconnects that way.
    const byUrl = await stream(a.client, {}, `?lastEventId=${missed[1]}`);
    await byUrl.untilEvents(2);
    expect(ids(byUrl.events)).toEqual([missed[2], live]);
  });

  it('gives a Last-Event-ID from the start, so a reconnect before any event misses none', async () => {
    const a = await owner();
    const first = await stream(a.client);
    const start = startingId(first);
    await first.close();
    const missed = await publish(a.id);
    const again = await stream(a.client, { 'last-event-id': String(start) });
    await again.untilEvents(1);
    expect(ids(again.events)).toEqual([missed]);
    expect(again.events[0]!.event).toBe('notification');
  });

  it('reads a hostile Last-Event-ID as "from now", never a 5xx', async () => {
    const a = await owner();
    await publish(a.id);
    await publish(a.id);
    const hostile: [Record<string, string>, string][] = [
      ...['abc', '-1', '1.5', '0x10', '', '99999999999999999999999999', '1e3', '%00'].map(
        (value): [Record<string, string>, string] => [{ 'last-event-id': value }, ''],
      ),
      [{}, '?lastEventId=1&lastEventId=2'],
      [{}, '?lastEventId=-5'],
      [{}, '?lastEventId[a]=1'],
    ];
    for (const [headers, query] of hostile) {
      const reader = await stream(a.client, headers, query);
      const next = await publish(a.id);
      await reader.untilEvents(1);
      expect(ids(reader.events), JSON.stringify([headers, query])).toEqual([next]);
      await reader.close();
    }
  });

  it('resets to now for an id this database never gave', async () => {
    const a = await owner();
    const before = await publish(a.id);
    const reader = await stream(a.client, { 'last-event-id': '999999999999999' });
    expect(reader.events[0]).toMatchObject({ event: 'reset', id: String(before) });
    expect(JSON.parse(reader.events[0]!.data!)).toEqual({ reason: 'unknown' });
    const next = await publish(a.id);
    await reader.untilEvents(2);
    expect(ids(reader.events)).toEqual([before, next]);
  });

  it(`replays up to ${OWNER_EVENTS_REPLAY_MAX} missed events; past that it resets`, async () => {
    const a = await owner();
    const from = await publish(a.id);
    await t.database.db.execute(
      sql`INSERT INTO owner_events (owner_id, type, payload)
          SELECT ${a.id}, 'notification', jsonb_build_object('notification', jsonb_build_object('id', n))
          FROM generate_series(1, ${OWNER_EVENTS_REPLAY_MAX}) AS n`,
    );
    const all = await stream(a.client, { 'last-event-id': String(from) });
    await all.untilEvents(OWNER_EVENTS_REPLAY_MAX);
    const replayed = ids(all.events);
    expect(replayed).toHaveLength(OWNER_EVENTS_REPLAY_MAX);
    expect(replayed[0]).toBeGreaterThan(from);
    expect(replayed).toEqual([...replayed].sort((x, y) => x - y));
    expect(JSON.parse(all.events.at(-1)!.data!)).toEqual({
      type: 'notification',
      notification: { id: OWNER_EVENTS_REPLAY_MAX },
    });

    // One more missed: the client refetches instead, and the stream goes on from now.
    const last = await publish(a.id);
    const tooMany = await stream(a.client, { 'last-event-id': String(from) });
    expect(tooMany.events).toHaveLength(1);
    expect(tooMany.events[0]).toMatchObject({ event: 'reset', id: String(last) });
    expect(JSON.parse(tooMany.events[0]!.data!)).toEqual({ reason: 'too-many' });
    const live = await publish(a.id);
    await tooMany.untilEvents(2);
    expect(ids(tooMany.events)).toEqual([last, live]);
  });

  it('publishes inside the caller’s transaction: seen at commit, never if rolled back', async () => {
    const a = await owner();
    const reader = await stream(a.client);
    let inTransaction = 0;
    await t.database.db.transaction(async (tx) => {
      inTransaction = await publishOwnerEvent(t.ctx, a.id, notification(), tx);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reader.events).toHaveLength(0);
    });
    await reader.untilEvents(1);
    expect(ids(reader.events)).toEqual([inTransaction]);

    await expect(
      t.database.db.transaction(async (tx) => {
        await publishOwnerEvent(t.ctx, a.id, notification(), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await publish(a.id);
    await reader.untilEvents(2);
    expect(ids(reader.events)).toEqual([inTransaction, after]);
  });

  it('delivers events published side by side, every one, in id order', async () => {
    const a = await owner();
    const reader = await stream(a.client);
    const published = await Promise.all(Array.from({ length: 40 }, () => publish(a.id)));
    await reader.untilEvents(40);
    expect(ids(reader.events)).toEqual([...published].sort((x, y) => x - y));
  });

  it('ends the stream when its session is signed out', async () => {
    const a = await owner();
    const reader = await stream(a.client);
    const other = await stream(a.client);
    const res = await a.client.post('/api/logout');
    expect(res.status).toBeLessThan(300);
    // within a heartbeat (a second here)
    await Promise.race([
      Promise.all([reader.ended, other.ended]),
      new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 5_000)),
    ]);
    const again = await SseReader.open(a.client, '/api/events');
    expect(again.status).toBe(401);
    await again.close();
  });

  it('sends a comment heartbeat', async () => {
    const a = await owner();
    const reader = await stream(a.client);
    await reader.until((r) => r.blocks.some((b) => b.comments.includes('ping')), 'a ping', 5_000);
    expect(reader.events).toHaveLength(0);
  });

  it(`keeps ${MAX_STREAMS_PER_OWNER} streams per owner and refuses the next at once (429)`, async () => {
    const a = await owner();
    const readers = [];
    for (let i = 0; i < MAX_STREAMS_PER_OWNER; i++) readers.push(await stream(a.client));
    // Streams whose client went give their place back.
    await Promise.all(readers.map((reader) => reader.close()));
    readers.length = 0;
    await waitFor(async () => (await placesOf(a.id)) === 0, 'the places given back');
    for (let i = 0; i < MAX_STREAMS_PER_OWNER; i++) readers.push(await stream(a.client));

    const refused = await a.client.get('/api/events');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(STREAMS_FULL_RETRY_SECONDS));
    expect(refused.body).toMatchObject({
      code: 'EVENT_STREAMS_LIMIT',
      message: expect.stringMatching(/^O painel já está aberto em muitas abas/),
    });
    // Another owner is not counted with this one.
    expect((await stream((await owner()).client)).status).toBe(200);
    // The open ones go on: none was closed for the refused one.
    const event = await publish(a.id);
    for (const reader of readers) {
      await reader.untilEvents(1);
      expect(ids(reader.events)).toEqual([event]);
      expect(reader.isEnded).toBe(false);
    }
    await readers[0]!.close();
    await waitFor(async () => (await placesOf(a.id)) === MAX_STREAMS_PER_OWNER - 1, 'a place back');
    readers[0] = await stream(a.client);
    await Promise.all(readers.map((reader) => reader.close()));
  });

  it(`of 50 streams opened at once, ${MAX_STREAMS_PER_OWNER} are accepted and the rest refused`, async () => {
    const a = await owner();
    const readers = await Promise.all(
      Array.from({ length: 50 }, () => SseReader.open(a.client, '/api/events')),
    );
    open.push(...readers);
    const statuses = readers.map((reader) => reader.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_STREAMS_PER_OWNER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - MAX_STREAMS_PER_OWNER);
    expect(await placesOf(a.id)).toBe(MAX_STREAMS_PER_OWNER);
    await Promise.all(readers.map((reader) => reader.close()));
  });

  it('a place its process stopped keeping (it died) no longer counts after its lease', async () => {
    const a = await owner();
    // Places as a process that died leaves them: never refreshed again.
    await t.database.db.execute(
      sql`INSERT INTO owner_event_streams (owner_id, seen_at)
          SELECT ${a.id}, now() - interval '10 minutes' FROM generate_series(1, ${MAX_STREAMS_PER_OWNER})`,
    );
    const reader = await stream(a.client);
    expect(reader.status).toBe(200);
    expect(await placesOf(a.id)).toBe(1);
    // A live stream's place is kept by the heartbeat (every second here).
    await t.database.db.execute(
      sql`UPDATE owner_event_streams SET seen_at = now() - interval '1 minute' WHERE owner_id = ${a.id}`,
    );
    await waitFor(
      async () =>
        (
          await queryRows<{ fresh: boolean }>(
            t.database.db,
            sql`SELECT seen_at > now() - interval '30 seconds' AS fresh
                FROM owner_event_streams WHERE owner_id = ${a.id}`,
          )
        )[0]?.fresh === true,
      'the heartbeat keeping the place',
    );
    await reader.close();
  });
});

describe('retention', () => {
  it('deletes events past 24 hours; a stream resuming from before them is reset', async () => {
    const a = await owner();
    const b = await owner();
    const old = [await publish(a.id), await publish(a.id)];
    const otherOwners = await publish(b.id);
    await t.database.db.execute(
      sql`UPDATE owner_events SET created_at = now() - interval '25 hours'
          WHERE id IN (${old[0]}, ${old[1]})`,
    );
    const recent = await publish(a.id);

    expect(await purgeExpiredOwnerEvents(t.database.db)).toBe(2);
    const left = await queryRows<{ id: string | number }>(
      t.database.db,
      sql`SELECT id FROM owner_events WHERE owner_id IN (${a.id}, ${b.id}) ORDER BY id`,
    );
    expect(left.map((r) => Number(r.id))).toEqual([otherOwners, recent]);

    // From before the deleted events: told to refetch, then what is kept, then live.
    const reset = await stream(a.client, { 'last-event-id': String(old[0]! - 1) });
    await reset.untilEvents(2);
    expect(reset.events[0]).toMatchObject({ event: 'reset', id: String(old[1]) });
    expect(JSON.parse(reset.events[0]!.data!)).toEqual({ reason: 'expired' });
    expect(ids(reset.events.slice(1))).toEqual([recent]);
    // From the newest deleted one: nothing was lost.
    const resumed = await stream(a.client, { 'last-event-id': String(old[1]) });
    await resumed.untilEvents(1);
    expect(ids(resumed.events)).toEqual([recent]);
    // Another owner's stream at the same id is not reset: none of its events were deleted.
    const other = await stream(b.client, { 'last-event-id': String(otherOwners - 1) });
    await other.untilEvents(1);
    expect(ids(other.events)).toEqual([otherOwners]);
    expect(newest(other)).toBe(otherOwners);
  });
});

describe('closing the app', () => {
  it('ends open streams and does not hang', async () => {
    const app = await startTestApp();
    const { client, id } = await signedInClient(app.baseUrl);
    const reader = await SseReader.open(client, '/api/events');
    await reader.until((r) => r.blocks.length > 0, 'the start');
    await publishOwnerEvent(app.ctx, id, notification());
    await reader.untilEvents(1);
    const started = Date.now();
    await app.close();
    await reader.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
