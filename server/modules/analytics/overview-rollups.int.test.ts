import { eq, sql } from 'drizzle-orm';
import type { AnalyticsOverview, AnalyticsOverviewQuery } from '@common/schemas/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type AppDb } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { conversations, messages, usageRecords } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/harness';
import { databaseBefore } from '../../test/migration-helpers';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  newOwner,
  phoneNumbers,
  settle,
  simulatorHandles,
  waitForReplies,
  type Owner,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';
import { overview } from './overview.service';
import * as reference from './testing/overview-reference';

/**
 * The overview's rollups (migration 0017, ADR 0024) against the messages themselves: for real
 * conversations (WhatsApp through the simulator, the widget, a handoff, a person's reply) and
 * messages placed on every time zone's day boundary, the overview read over HTTP equals the one
 * computed from the messages (testing/overview-reference.ts, the queries before the rollups) in
 * every period, zone and filter — and still after a person's reply is sent or fails, a customer
 * message is ignored, a message or a conversation is deleted, a model call is deleted. Then the
 * migration's backfill gives the rows the triggers give.
 */
let t: TestApp;
let s: SimulatorHandles;
let owner: Owner;
let webAgentId: number;
const newPhone = phoneNumbers(74200000);
const ZONES = ['America/Sao_Paulo', 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC'];
const PERIODS: [string, string][] = [
  ['2026-10-04', '2026-10-04'],
  ['2026-10-05', '2026-10-05'],
  ['2026-10-04', '2026-10-06'],
  ['2026-10-01', '2026-10-31'],
  ['2026-09-01', '2026-11-29'],
];

beforeAll(async () => {
  t = await startTestApp({
    jobs: true,
    env: { ...FAST_PIPELINE_ENV, MODEL_PRICES_USD: '{"modelo-teste":[1,2]}', USD_BRL_RATE: '5' },
  });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

/** Messages straight into a conversation (the triggers keep the rollups as for any insert). */
async function add(
  conversationId: number,
  rows: [role: string, status: string, at: string][],
): Promise<number[]> {
  const inserted = await t.database.db
    .insert(messages)
    .values(
      rows.map(([role, status, at]) => ({
        conversationId,
        role,
        status,
        content: `${role} ${at}`,
        createdAt: new Date(at),
      })),
    )
    .returning({ id: messages.id });
  return inserted.map((r) => r.id);
}

/** Every zone, period and filter: the overview over HTTP equals the messages' own figures. */
async function expectRollupsEqualMessages() {
  let compared = 0;
  for (const timezone of ZONES) {
    const saved = await owner.client.put('/api/settings/preferences', { timezone });
    expect(saved.status).toBe(200);
    for (const [from, to] of PERIODS) {
      const filters: Partial<AnalyticsOverviewQuery>[] = [
        {},
        { agentId: owner.agentId },
        { agentId: webAgentId },
        { channel: 'whatsapp' },
        { channel: 'webchat' },
      ];
      for (const filter of filters) {
        const query: AnalyticsOverviewQuery = { from, to, ...filter };
        const params = new URLSearchParams(
          Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
        );
        const res = await owner.client.get<AnalyticsOverview>(`/api/analytics/overview?${params}`);
        expect(res.status).toBe(200);
        const expected = await overview(t.ctx, owner.userId, query, reference);
        expect({ timezone, query, overview: res.body }).toEqual({
          timezone,
          query,
          overview: expected,
        });
        compared++;
      }
    }
  }
  return compared;
}

let whatsappId: number;
let webId: number;
let pendingReply: number;
let failingReply: number;
let toIgnore: number;
let movedAnswer: number;

describe('the rollups give the figures of the messages', () => {
  beforeAll(async () => {
    owner = await newOwner(t, { plan: 'multi' });
    const web = await owner.client.post('/api/agents', {
      name: 'Loja Online',
      systemPrompt: 'Você atende a Loja Online.',
      status: 'active',
    });
    expect(web.status).toBe(201);
    webAgentId = web.body.id as number;
    const line = await createLine(t, s, owner.agentId);

    // Real conversations: WhatsApp answered by the agent, handed over then answered by a person;
    // the widget answered and handed over.
    const p1 = newPhone();
    await customerSays(s, line, { from: p1, text: 'Oi', pushName: 'Ana' });
    await waitForReplies(s, line, p1, 1);
    whatsappId = (await conversationOf(t, owner.agentId, p1))!.id;
    const p2 = newPhone();
    await customerSays(s, line, { from: p2, text: 'Quero falar com um atendente' });
    await waitForReplies(s, line, p2, 1);
    const w2 = (await conversationOf(t, owner.agentId, p2))!;
    const person = await owner.client.post(`/api/conversations/${w2.id}/messages`, {
      text: 'Oi, aqui é a Maria.',
    });
    expect(person.status).toBe(201);
    await waitForReplies(s, line, p2, 2);
    const key = await agentKeyOf(owner.client, webAgentId);
    const visitor = publicVisitor(t.baseUrl);
    const v1 = newVisitor();
    expect((await visitor.chat(key, { visitorId: v1, message: 'Fazem entregas?' })).status).toBe(
      200,
    );
    webId = (await conversationOf(t, webAgentId, v1))!.id;
    const v2 = newVisitor();
    expect(
      (await visitor.chat(key, { visitorId: v2, message: 'quero falar com um atendente' })).status,
    ).toBe(200);

    // Then turns on each zone's midnight, a second either side: São Paulo 03:00Z, Kolkata
    // 18:30Z, Kathmandu 18:15Z, UTC 00:00Z; customer messages in a row, a person's reply pending
    // and one about to fail, an ignored message, an answer days later.
    const ids = await add(whatsappId, [
      ['user', 'done', '2026-10-04T02:59:59Z'],
      ['assistant', 'done', '2026-10-04T03:00:04Z'],
      ['user', 'done', '2026-10-04T18:14:59Z'],
      ['user', 'done', '2026-10-04T18:15:00Z'],
      ['human', 'pending', '2026-10-04T18:20:00Z'],
      ['user', 'done', '2026-10-04T18:29:59Z'],
      ['assistant', 'done', '2026-10-04T18:30:07Z'],
      ['user', 'ignored', '2026-10-04T23:59:59Z'],
      ['user', 'done', '2026-10-05T00:00:00Z'],
      ['human', 'pending', '2026-10-05T00:01:00Z'],
      ['assistant', 'done', '2026-10-05T00:02:30Z'],
      ['user', 'done', '2026-10-05T18:44:59Z'],
      ['assistant', 'failed', '2026-10-05T18:45:00Z'],
      ['assistant', 'done', '2026-10-07T12:00:00Z'],
    ]);
    pendingReply = ids[4]!;
    failingReply = ids[9]!;
    toIgnore = ids[5]!;
    movedAnswer = ids[10]!;
    await add(webId, [
      ['user', 'done', '2026-10-04T18:30:00Z'],
      ['assistant', 'done', '2026-10-04T18:30:02Z'],
      ['user', 'done', '2026-10-05T02:59:00Z'],
      ['user', 'done', '2026-10-05T03:00:00Z'],
      ['assistant', 'done', '2026-10-05T03:00:09Z'],
      ['user', 'done', '2026-10-06T10:00:00Z'],
    ]);
    const call = (agentId: number, channel: string, at: string, tokens: number) => ({
      ownerId: owner.userId,
      agentId,
      channel,
      provider: 'openai',
      model: 'modelo-teste',
      inputTokens: tokens,
      outputTokens: tokens / 2,
      createdAt: new Date(at),
    });
    await t.database.db
      .insert(usageRecords)
      .values([
        call(owner.agentId, 'whatsapp', '2026-10-04T18:14:59Z', 1_000_000),
        call(owner.agentId, 'whatsapp', '2026-10-04T18:15:00Z', 300_000),
        call(webAgentId, 'webchat', '2026-10-04T18:29:59Z', 200_000),
        call(webAgentId, 'webchat', '2026-10-05T03:00:00Z', 100_000),
        call(owner.agentId, 'test', '2026-10-05T03:00:00Z', 100_000),
      ]);
  });

  it('in every zone, period and filter', async () => {
    expect(await expectRollupsEqualMessages()).toBe(ZONES.length * PERIODS.length * 5);
    // Not a comparison of two empty overviews.
    const res = await owner.client.get<AnalyticsOverview>(
      '/api/analytics/overview?from=2026-10-04&to=2026-10-05',
    );
    expect(res.body.messagesIn).toBeGreaterThan(8);
    expect(res.body.firstResponseMs.p50).not.toBeNull();
    expect(res.body.costBrl).toBeGreaterThan(0);
  }, 120_000);

  it("after a person's reply is sent and another fails", async () => {
    const db = t.database.db;
    await db.update(messages).set({ status: 'done' }).where(eq(messages.id, pendingReply));
    await db.update(messages).set({ status: 'failed' }).where(eq(messages.id, failingReply));
    await expectRollupsEqualMessages();
  }, 120_000);

  // Times are moved within the messages' id order: the reference computes each turn within the
  // period's messages, so a message moved past a later one (a person's reply retried hours on)
  // answers a turn in one period and not in another there; the rollups answer it once (ADR 0024).
  it('after a customer message is ignored, a reply retried and an answer moved', async () => {
    const db = t.database.db;
    await db.update(messages).set({ status: 'ignored' }).where(eq(messages.id, toIgnore));
    await db
      .update(messages)
      .set({ status: 'done', createdAt: new Date('2026-10-05T00:01:30Z') })
      .where(eq(messages.id, failingReply));
    await db
      .update(messages)
      .set({ createdAt: new Date('2026-10-05T18:44:00Z') })
      .where(eq(messages.id, movedAnswer));
    await expectRollupsEqualMessages();
  }, 120_000);

  it('after a message, a model call and a conversation are deleted', async () => {
    const db = t.database.db;
    await db.delete(messages).where(eq(messages.id, pendingReply));
    await db.delete(usageRecords).where(eq(usageRecords.inputTokens, 300_000));
    await db.delete(conversations).where(eq(conversations.id, webId));
    await expectRollupsEqualMessages();
  }, 120_000);

  it('the backfill gives the rows the triggers keep', async () => {
    const db = t.database.db;
    const before = await rollupRows(db);
    expect(before.turns.length).toBeGreaterThan(5);
    await db.execute(sql`SELECT analytics_backfill()`);
    expect(await rollupRows(db)).toEqual(before);
  });
});

/** The rollups' rows, in a stable order; buckets emptied by a moved message left out. */
async function rollupRows(db: AppDb) {
  return {
    buckets: await queryRows(
      db,
      sql`SELECT conversation_id, bucket::text, owner_id, agent_id, channel, messages_in,
          messages_out, messages_human
        FROM analytics_conversation_buckets
        WHERE messages_in <> 0 OR messages_out <> 0 OR messages_human <> 0
        ORDER BY conversation_id, bucket`,
    ),
    turns: await queryRows(
      db,
      sql`SELECT message_id, conversation_id, owner_id, agent_id, channel, opened_at::text,
          answer_id, answered_at::text
        FROM analytics_turns ORDER BY message_id`,
    ),
    usage: await queryRows(
      db,
      sql`SELECT owner_id, bucket::text, agent_id, channel, model, input_tokens::text,
          output_tokens::text
        FROM analytics_usage_buckets
        WHERE input_tokens <> 0 OR output_tokens <> 0
        ORDER BY owner_id, bucket, agent_id, channel, model`,
    ),
  };
}

it("migration 0017 fills the rollups from the rows already there, as the triggers would've", async () => {
  const before = await databaseBefore(17);
  try {
    const db = before.database.db;
    await db.execute(sql`INSERT INTO users (username, password_hash, name, email)
      VALUES ('dona', 'x', 'Dona', 'dona@example.com')`);
    await db.execute(sql`INSERT INTO agents (owner_id, name, system_prompt)
      SELECT id, 'Padaria', 'Atenda.' FROM users`);
    await db.execute(sql`INSERT INTO conversations (agent_id, channel, contact_id)
      SELECT a.id, ch, ch || '-1' FROM agents a, unnest(ARRAY['whatsapp', 'webchat', 'test']) ch`);
    // Each conversation: customer messages in a row, answers, a failed and a pending reply, an
    // ignored message, over two days.
    await db.execute(sql`INSERT INTO messages (conversation_id, role, content, status, created_at)
      SELECT c.id, r.role, 'texto', r.status, '2026-10-04T18:00:00Z'::timestamptz + r.n * interval '7 minutes'
      FROM conversations c CROSS JOIN (VALUES
        (1, 'user', 'done'), (2, 'user', 'done'), (3, 'assistant', 'done'), (4, 'human', 'failed'),
        (5, 'user', 'ignored'), (6, 'user', 'done'), (7, 'human', 'pending'), (8, 'human', 'done'),
        (9, 'user', 'done'), (300, 'assistant', 'done'), (301, 'user', 'done')) r(n, role, status)
      ORDER BY c.id, r.n`);
    await db.execute(sql`INSERT INTO usage_records (owner_id, agent_id, channel, provider, model,
        input_tokens, output_tokens, created_at)
      SELECT a.owner_id, a.id, ch, 'openai', 'modelo-teste', 1000 * n, 10 * n,
        '2026-10-04T18:00:00Z'::timestamptz + n * interval '6 minutes'
      FROM agents a, unnest(ARRAY['whatsapp', 'webchat', 'test']) ch, generate_series(1, 5) n`);

    await runMigrations(before.database);
    const backfilled = await rollupRows(db);
    expect(backfilled.turns.length).toBe(8);
    expect(backfilled.buckets.length).toBeGreaterThan(4);
    expect(backfilled.usage.length).toBeGreaterThan(4);

    // The same rows again, one by one in id order, with the triggers on.
    await db.execute(sql`CREATE TABLE saved_messages AS
      SELECT id, conversation_id, role, content, status, created_at FROM messages`);
    await db.execute(sql`CREATE TABLE saved_usage AS SELECT * FROM usage_records`);
    await db.execute(sql`DELETE FROM messages`);
    await db.execute(sql`DELETE FROM usage_records`);
    expect(await rollupRows(db)).toEqual({ buckets: [], turns: [], usage: [] });
    await db.execute(sql`INSERT INTO messages (id, conversation_id, role, content, status, created_at)
      SELECT * FROM saved_messages ORDER BY id`);
    await db.execute(sql`INSERT INTO usage_records SELECT * FROM saved_usage ORDER BY id`);
    expect(await rollupRows(db)).toEqual(backfilled);
  } finally {
    await before.close();
  }
}, 120_000);
