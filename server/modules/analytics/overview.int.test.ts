import { asc, eq, sql } from 'drizzle-orm';
import type { AnalyticsOverview } from '@common/schemas/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationEvents, messages, usageRecords } from '../../db/schema';
import { HttpClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  messagesOf,
  newOwner,
  phoneNumbers,
  settle,
  simulatorHandles,
  waitFor,
  waitForReplies,
  type Owner,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * GET /api/analytics/overview over real conversations: WhatsApp through the simulator,
 * the website widget's public chat, the agent's handoff on both, a person's reply from the inbox,
 * the test console (never counted) and another owner (never counted). Each message is then moved
 * to a scripted moment, so every figure is exact: the days are São Paulo's (UTC−3) until the owner
 * picks UTC, and a message at 02:30 UTC belongs to the day before in São Paulo.
 */
let t: TestApp;
let s: SimulatorHandles;
const newPhone = phoneNumbers(74100000);

beforeAll(async () => {
  t = await startTestApp({
    jobs: true,
    env: {
      ...FAST_PIPELINE_ENV,
      TRUST_PROXY: '127.0.0.1',
      // A model priced R$ 5 per million input tokens and R$ 10 per million output tokens.
      MODEL_PRICES_USD: '{"modelo-teste":[1,2]}',
      USD_BRL_RATE: '5',
    },
  });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

/**
 * The conversation's messages moved to these instants, in the order they were stored, once they
 * are all stored (the gateway can hear a reply before its row's write is seen).
 */
async function retime(conversationId: number, instants: string[]) {
  await storedCount(conversationId, instants.length);
  const rows = await messagesOf(t, conversationId);
  expect(rows).toHaveLength(instants.length);
  for (const [i, row] of rows.entries()) {
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date(instants[i]!) })
      .where(eq(messages.id, row.id));
  }
}

/** The same for the conversation's handoff, pause and resume events. */
async function retimeEvents(conversationId: number, instants: string[]) {
  const rows = await t.database.db
    .select()
    .from(conversationEvents)
    .where(eq(conversationEvents.conversationId, conversationId))
    .orderBy(asc(conversationEvents.id));
  expect(rows).toHaveLength(instants.length);
  for (const [i, row] of rows.entries()) {
    await t.database.db
      .update(conversationEvents)
      .set({ createdAt: new Date(instants[i]!) })
      .where(eq(conversationEvents.id, row.id));
  }
  return rows.map((r) => `${r.kind}:${r.by}`);
}

async function storedCount(conversationId: number, count: number) {
  await waitFor(
    async () => ((await messagesOf(t, conversationId)).length === count ? true : null),
    `${count} messages stored`,
  );
}

async function getOverview(client: HttpClient, query: string) {
  const res = await client.get(`/api/analytics/overview?${query}`);
  expect(res.status).toBe(200);
  return res.body as AnalyticsOverview;
}

const zeros = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));
const none = { p50: null, p90: null };

let owner: Owner;
let webAgentId: number;
let webchatHandoffId: number;
let webchatHandoffVisitor: string;
let other: Owner;

describe('the overview of a period', () => {
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

    // W1, WhatsApp: two exchanges answered by the agent; the first before the period in São Paulo.
    const p1 = newPhone();
    await customerSays(s, line, { from: p1, text: 'Oi', pushName: 'Ana' });
    await waitForReplies(s, line, p1, 1);
    await customerSays(s, line, { from: p1, text: 'Tem pão de queijo?' });
    await waitForReplies(s, line, p1, 2);
    const w1 = (await conversationOf(t, owner.agentId, p1))!;
    await retime(w1.id, [
      '2026-10-05T02:00:00Z', // 04/10 23:00 in São Paulo
      '2026-10-05T02:00:02Z',
      '2026-10-06T02:30:00Z', // 05/10 23:30 in São Paulo
      '2026-10-06T02:30:05Z',
    ]);

    // W2, WhatsApp: the agent hands over, then a person answers from the inbox.
    const p2 = newPhone();
    await customerSays(s, line, { from: p2, text: 'Quero falar com um atendente' });
    await waitForReplies(s, line, p2, 1);
    const w2 = (await conversationOf(t, owner.agentId, p2))!;
    const person = await owner.client.post(`/api/conversations/${w2.id}/messages`, {
      text: 'Oi, aqui é a Maria.',
    });
    expect(person.status).toBe(201);
    expect(person.body.status).toBe('done');
    await waitForReplies(s, line, p2, 2);
    await retime(w2.id, ['2026-10-06T15:00:00Z', '2026-10-06T15:00:01Z', '2026-10-06T15:10:00Z']);
    expect(await retimeEvents(w2.id, ['2026-10-06T15:00:01Z', '2026-10-06T15:10:00Z'])).toEqual([
      'handoff:agent',
      'pause:message',
    ]);

    // C1 and C2, the website widget of the second agent: one answered, one handed over.
    const key = await agentKeyOf(owner.client, webAgentId);
    const visitor = publicVisitor(t.baseUrl);
    const v1 = newVisitor();
    expect((await visitor.chat(key, { visitorId: v1, message: 'Fazem entregas?' })).status).toBe(
      200,
    );
    const c1 = (await conversationOf(t, webAgentId, v1))!;
    await retime(c1.id, ['2026-10-05T18:00:00Z', '2026-10-05T18:00:03Z']);
    const v2 = newVisitor();
    const asked = await visitor.chat(key, {
      visitorId: v2,
      message: 'quero falar com um atendente',
    });
    expect(asked.status).toBe(200);
    const c2 = (await conversationOf(t, webAgentId, v2))!;
    expect(c2.handedOverAt).not.toBeNull();
    webchatHandoffId = c2.id;
    webchatHandoffVisitor = v2;
    await retime(c2.id, ['2026-10-06T20:00:00Z', '2026-10-06T20:00:04Z']);
    expect(await retimeEvents(c2.id, ['2026-10-06T20:00:04Z'])).toEqual(['handoff:agent']);

    // The test console: never counted, even in the period.
    const test = await owner.client.post(`/api/agents/${owner.agentId}/test`, { message: 'Oi' });
    expect(test.status).toBe(200);
    await t.database.db.execute(sql`UPDATE messages SET created_at = '2026-10-05T15:00:00Z'
      WHERE conversation_id IN (SELECT c.id FROM conversations c
        WHERE c.agent_id = ${owner.agentId} AND c.channel = 'test')`);

    // Another owner's WhatsApp conversation in the same days: never counted.
    other = await newOwner(t);
    const otherLine = await createLine(t, s, other.agentId);
    const p3 = newPhone();
    await customerSays(s, otherLine, { from: p3, text: 'Oi' });
    await waitForReplies(s, otherLine, p3, 1);
    const o1 = (await conversationOf(t, other.agentId, p3))!;
    await retime(o1.id, ['2026-10-05T15:00:00Z', '2026-10-05T15:00:01Z']);

    // Cost: only these model calls (the offline replies' are taken away).
    const db = t.database.db;
    await db.delete(usageRecords).where(eq(usageRecords.ownerId, owner.userId));
    await db.delete(usageRecords).where(eq(usageRecords.ownerId, other.userId));
    const call = (
      ownerId: number,
      agentId: number,
      channel: string,
      at: string,
      inputTokens: number,
      outputTokens: number,
    ) => ({
      ownerId,
      agentId,
      channel,
      provider: 'openai',
      model: 'modelo-teste',
      inputTokens,
      outputTokens,
      createdAt: new Date(at),
    });
    await db.insert(usageRecords).values([
      // R$ 5 + R$ 5 = R$ 10
      call(owner.userId, owner.agentId, 'whatsapp', '2026-10-05T12:00:00Z', 1_000_000, 500_000),
      // R$ 1, on 05/10 in São Paulo, 06/10 in UTC
      call(owner.userId, webAgentId, 'webchat', '2026-10-06T02:30:00Z', 200_000, 0),
      // the test console, another day, another owner: none counted
      call(owner.userId, owner.agentId, 'test', '2026-10-05T12:00:00Z', 1_000_000, 0),
      call(owner.userId, owner.agentId, 'whatsapp', '2026-10-07T12:00:00Z', 1_000_000, 0),
      call(other.userId, other.agentId, 'whatsapp', '2026-10-05T12:00:00Z', 1_000_000, 0),
    ]);
  });

  it("counts the owner's customer conversations in São Paulo's days by default", async () => {
    const o = await getOverview(owner.client, 'from=2026-10-05&to=2026-10-06');
    const hourly = zeros();
    hourly[1]![23] = 1; // W1, Monday 23:30
    hourly[1]![15] = 1; // C1, Monday 15:00
    hourly[2]![12] = 1; // W2, Tuesday 12:00
    hourly[2]![17] = 1; // C2, Tuesday 17:00
    expect(o).toEqual({
      from: '2026-10-05',
      to: '2026-10-06',
      timezone: 'America/Sao_Paulo',
      conversations: 4,
      messagesIn: 4,
      messagesOut: 5,
      resolvedByAgent: 2,
      handedOff: 2,
      // waits 5 s (W1), 3 s (C1), 1 s (W2), 4 s (C2)
      firstResponseMs: { p50: 3500, p90: 4700 },
      daily: [
        {
          date: '2026-10-05',
          conversations: 2,
          messagesIn: 2,
          messagesOut: 2,
          firstResponseMs: { p50: 4000, p90: 4800 },
          costBrl: 11,
        },
        {
          date: '2026-10-06',
          conversations: 2,
          messagesIn: 2,
          messagesOut: 3,
          firstResponseMs: { p50: 2500, p90: 3700 },
          costBrl: 0,
        },
      ],
      hourly,
      costBrl: 11,
      byChannel: [
        { channel: 'whatsapp', conversations: 2, messagesIn: 2, messagesOut: 3, costBrl: 10 },
        { channel: 'webchat', conversations: 2, messagesIn: 2, messagesOut: 2, costBrl: 1 },
      ],
      byAgent: [
        {
          agentId: owner.agentId,
          name: 'Atendente',
          conversations: 2,
          messagesIn: 2,
          messagesOut: 3,
          costBrl: 10,
        },
        {
          agentId: webAgentId,
          name: 'Loja Online',
          conversations: 2,
          messagesIn: 2,
          messagesOut: 2,
          costBrl: 1,
        },
      ],
    });
  });

  it('filters by agent and by channel', async () => {
    const byAgent = await getOverview(
      owner.client,
      `from=2026-10-05&to=2026-10-06&agentId=${owner.agentId}`,
    );
    expect(byAgent).toMatchObject({
      conversations: 2,
      messagesIn: 2,
      messagesOut: 3,
      resolvedByAgent: 1,
      handedOff: 1,
      firstResponseMs: { p50: 3000, p90: 4600 },
      costBrl: 10,
      byChannel: [
        { channel: 'whatsapp', conversations: 2, messagesIn: 2, messagesOut: 3, costBrl: 10 },
        { channel: 'webchat', conversations: 0, messagesIn: 0, messagesOut: 0, costBrl: 0 },
      ],
    });
    expect(byAgent.byAgent.map((a) => a.agentId)).toEqual([owner.agentId]);

    const web = await getOverview(owner.client, 'from=2026-10-05&to=2026-10-06&channel=webchat');
    expect(web).toMatchObject({
      conversations: 2,
      messagesIn: 2,
      messagesOut: 2,
      resolvedByAgent: 1,
      handedOff: 1,
      firstResponseMs: { p50: 3500, p90: 3900 },
      costBrl: 1,
      byChannel: [
        { channel: 'webchat', conversations: 2, messagesIn: 2, messagesOut: 2, costBrl: 1 },
      ],
    });
    expect(web.byAgent).toEqual([
      {
        agentId: webAgentId,
        name: 'Loja Online',
        conversations: 2,
        messagesIn: 2,
        messagesOut: 2,
        costBrl: 1,
      },
      {
        agentId: owner.agentId,
        name: 'Atendente',
        conversations: 0,
        messagesIn: 0,
        messagesOut: 0,
        costBrl: 0,
      },
    ]);
  });

  it("another owner's agent is not found, and their overview holds only their conversation", async () => {
    const res = await owner.client.get(
      `/api/analytics/overview?from=2026-10-05&to=2026-10-06&agentId=${other.agentId}`,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'AGENT_NOT_FOUND', message: 'Agente não encontrado.' });

    const theirs = await getOverview(other.client, 'from=2026-10-05&to=2026-10-06');
    expect(theirs).toMatchObject({
      conversations: 1,
      messagesIn: 1,
      messagesOut: 1,
      resolvedByAgent: 1,
      handedOff: 0,
      firstResponseMs: { p50: 1000, p90: 1000 },
      costBrl: 5,
    });
  });

  it('a handoff from before the period counts until a resume ends it', async () => {
    // The visitor writes again while a person is awaited: stored, not answered.
    const visitor = publicVisitor(t.baseUrl);
    const key = await agentKeyOf(owner.client, webAgentId);
    const again = await visitor.chat(key, {
      visitorId: webchatHandoffVisitor,
      message: 'Alguém aí?',
    });
    expect(again.status).toBe(200);
    await storedCount(webchatHandoffId, 3);
    await retime(webchatHandoffId, [
      '2026-10-06T20:00:00Z',
      '2026-10-06T20:00:04Z',
      '2026-10-07T12:00:00Z',
    ]);
    const query = 'from=2026-10-07&to=2026-10-07&channel=webchat';
    expect(await getOverview(owner.client, query)).toMatchObject({
      conversations: 1,
      messagesIn: 1,
      messagesOut: 0,
      resolvedByAgent: 0,
      handedOff: 1,
      firstResponseMs: none,
    });

    // Resumed on 06/10 at 23:00 (São Paulo): on 07/10 the agent had it back.
    const resumed = await owner.client.post(`/api/conversations/${webchatHandoffId}/resume`);
    expect(resumed.status).toBe(200);
    expect(
      await retimeEvents(webchatHandoffId, ['2026-10-06T20:00:04Z', '2026-10-07T02:00:00Z']),
    ).toEqual(['handoff:agent', 'resume:owner']);
    expect(await getOverview(owner.client, query)).toMatchObject({
      conversations: 1,
      resolvedByAgent: 1,
      handedOff: 0,
    });
  });

  it("counts days in the owner's own time zone once they change it", async () => {
    const saved = await owner.client.put('/api/settings/preferences', { timezone: 'UTC' });
    expect(saved.status).toBe(200);
    const o = await getOverview(owner.client, 'from=2026-10-05&to=2026-10-06');
    expect(o).toMatchObject({
      timezone: 'UTC',
      conversations: 4,
      messagesIn: 5,
      messagesOut: 6,
      resolvedByAgent: 2,
      handedOff: 2,
      // waits 2 s and 5 s (W1), 3 s (C1), 1 s (W2), 4 s (C2)
      firstResponseMs: { p50: 3000, p90: 4600 },
      costBrl: 11,
    });
    expect(o.daily).toEqual([
      {
        date: '2026-10-05',
        conversations: 2,
        messagesIn: 2,
        messagesOut: 2,
        firstResponseMs: { p50: 2500, p90: 2900 },
        costBrl: 10,
      },
      {
        date: '2026-10-06',
        conversations: 3,
        messagesIn: 3,
        messagesOut: 4,
        firstResponseMs: { p50: 4000, p90: 4800 },
        costBrl: 1,
      },
    ]);
    expect(o.hourly[1]![2]).toBe(1); // W1's first message, Monday 02:00
    expect(o.hourly[2]![2]).toBe(1); // its second, Tuesday 02:30
    expect(o.hourly[1]![23]).toBe(0);
    await owner.client.put('/api/settings/preferences', { timezone: 'America/Sao_Paulo' });
  });

  it('an empty period has every day, zeros included', async () => {
    const o = await getOverview(owner.client, 'from=2026-09-01&to=2026-09-03');
    expect(o.daily.map((d) => [d.date, d.conversations, d.costBrl, d.firstResponseMs])).toEqual([
      ['2026-09-01', 0, 0, none],
      ['2026-09-02', 0, 0, none],
      ['2026-09-03', 0, 0, none],
    ]);
    expect(o).toMatchObject({
      conversations: 0,
      resolvedByAgent: 0,
      handedOff: 0,
      firstResponseMs: none,
      hourly: zeros(),
      costBrl: 0,
    });
  });
});

describe('bad input', () => {
  it('answers 400 with the Portuguese message and needs a signed-in owner', async () => {
    const { client } = await newOwner(t, { plan: null });
    const cases: [string, Record<string, string[]>][] = [
      ['from=2026-10-5&to=2026-10-06', { from: ['Informe a data no formato AAAA-MM-DD.'] }],
      ['from=2026-02-30&to=2026-03-01', { from: ['Informe a data no formato AAAA-MM-DD.'] }],
      ['to=2026-10-06', { from: ['Informe a data no formato AAAA-MM-DD.'] }],
      [
        'from=2026-10-06&to=2026-10-05',
        { to: ['A data final deve ser igual ou posterior à inicial.'] },
      ],
      ['from=2025-01-01&to=2026-01-02', { to: ['O período pode ter no máximo 366 dias.'] }],
      [
        'from=2026-10-05&to=2026-10-06&channel=test',
        { channel: ['Canal inválido: use whatsapp ou webchat.'] },
      ],
      ['from=2026-10-05&to=2026-10-06&agentId=abc', { agentId: ['Agente inválido.'] }],
      ['from=2026-10-05&to=2026-10-06&agentId=0', { agentId: ['Agente inválido.'] }],
      ['from=2026-10-05&to=2026-10-06&agentId=1.5', { agentId: ['Agente inválido.'] }],
      ['from=2026-10-05&to=2026-10-06&agentId=99999999999', { agentId: ['Agente inválido.'] }],
      [
        'from=2026-10-05&from=2026-10-01&to=2026-10-06',
        { from: ['Informe a data no formato AAAA-MM-DD.'] },
      ],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await client.get(`/api/analytics/overview?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.fieldErrors, query).toEqual(fieldErrors);
    }
    // 366 days is the longest period.
    expect((await client.get('/api/analytics/overview?from=2025-01-01&to=2026-01-01')).status).toBe(
      200,
    );
    const anonymous = new HttpClient(t.baseUrl);
    expect(
      (await anonymous.get('/api/analytics/overview?from=2026-10-05&to=2026-10-06')).status,
    ).toBe(401);
  });
});
