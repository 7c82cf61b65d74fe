import { sql } from 'drizzle-orm';
import type { AnalyticsUsage } from '@common/schemas/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { conversations, messages, usageRecords } from '../../db/schema';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * GET /api/analytics/usage: this month in the owner's zone (America/Manaus, UTC−4, set in
 * Settings — not the operator's São Paulo), at R$5 per dollar and the operator's extra model.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    jobs: true,
    env: { USD_BRL_RATE: '5', MODEL_PRICES_USD: '{"llama-3":[1,2]}' },
  });
});
afterAll(async () => {
  await t?.close();
});

const ZONE = 'America/Manaus';

/** The instant this month starts in ZONE, and today's place in the month, as the database says. */
async function monthOf(): Promise<{ start: Date; month: string; today: number; days: number }> {
  const [row] = await queryRows<{
    start: string | Date;
    month: string;
    today: number;
    days: number;
  }>(
    t.database.db,
    sql`SELECT date_trunc('month', now() AT TIME ZONE ${ZONE}) AT TIME ZONE ${ZONE} AS "start",
      to_char(now() AT TIME ZONE ${ZONE}, 'YYYY-MM') AS "month",
      extract(day FROM now() AT TIME ZONE ${ZONE})::int AS "today",
      extract(day FROM date_trunc('month', now() AT TIME ZONE ${ZONE})
        + interval '1 month - 1 day')::int AS "days"`,
  );
  return {
    start: new Date(row!.start),
    month: row!.month,
    today: Number(row!.today),
    days: Number(row!.days),
  };
}

const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);

async function newAgent(
  client: Awaited<ReturnType<typeof signedInClient>>['client'],
  name: string,
) {
  const res = await client.post('/api/agents', { name, systemPrompt: `Você atende ${name}.` });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('GET /api/analytics/usage', () => {
  it("adds up this month's calls at the price table and its messages, in the owner's zone", async () => {
    const owner = await signedInClient(t.baseUrl);
    const other = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user, 'multi');
    expect((await owner.client.put('/api/settings/preferences', { timezone: ZONE })).status).toBe(
      200,
    );
    const bakery = await newAgent(owner.client, 'Padaria');
    const salon = await newAgent(owner.client, 'Salão');
    const stranger = await newAgent(other.client, 'Outra loja');
    const { start, month, today, days } = await monthOf();
    // Half an hour before ZONE's month: in São Paulo (UTC−3) it would already be this month.
    const lastMonth = minutes(start, -30);
    const now = new Date();

    const db = t.database.db;
    const call = (
      ownerId: number,
      agentId: number | null,
      model: string,
      i: number,
      o: number,
      at: Date,
      channel = 'whatsapp',
    ) => ({
      ownerId,
      agentId,
      channel,
      provider: 'openai',
      model,
      inputTokens: i,
      outputTokens: o,
      createdAt: at,
    });
    await db.insert(usageRecords).values([
      // 1M + 1M of gpt-4o-mini: US$0.15 + US$0.60 = US$0.75 → R$3.75, on the month's first day
      call(owner.id, bakery, 'gpt-4o-mini', 1_000_000, 1_000_000, minutes(start, 1)),
      // 200k in + 100k out of gpt-4o: US$0.50 + US$1.00 → R$7.50, today
      call(owner.id, salon, 'gpt-4o', 200_000, 100_000, now, 'webchat'),
      // the operator's model: 1M in at US$1 → R$5, from the test console, today
      call(owner.id, bakery, 'llama-3', 1_000_000, 0, now, 'test'),
      // a model without a price costs nothing but is a call
      call(owner.id, bakery, 'offline', 500, 500, now),
      // last month in the owner's zone; another owner's call
      call(owner.id, bakery, 'gpt-4o', 1_000_000, 1_000_000, lastMonth),
      call(other.id, stranger, 'gpt-4o', 1_000_000, 1_000_000, now),
    ]);

    const [whatsapp, webchat, test, theirs] = await db
      .insert(conversations)
      .values([
        { agentId: bakery, channel: 'whatsapp', contactId: '5511999990001' },
        { agentId: salon, channel: 'webchat', contactId: 'visitor-1' },
        { agentId: bakery, channel: 'test', contactId: String(owner.id) },
        { agentId: stranger, channel: 'whatsapp', contactId: '5511999990002' },
      ])
      .returning({ id: conversations.id });
    const msg = (conversationId: number, role: string, at: Date, status = 'done') => ({
      conversationId,
      role,
      content: 'Oi',
      status,
      createdAt: at,
    });
    await db.insert(messages).values([
      msg(whatsapp!.id, 'user', lastMonth), // last month
      msg(whatsapp!.id, 'assistant', minutes(lastMonth, 1)), // last month
      msg(whatsapp!.id, 'user', minutes(start, 2)), // counted
      msg(whatsapp!.id, 'assistant', minutes(start, 3)), // counted
      msg(whatsapp!.id, 'user', minutes(start, 4), 'ignored'),
      msg(whatsapp!.id, 'assistant', minutes(start, 5), 'failed'),
      msg(webchat!.id, 'user', now), // counted
      msg(webchat!.id, 'human', now), // counted: a person's reply
      msg(test!.id, 'user', now),
      msg(test!.id, 'assistant', now),
      msg(theirs!.id, 'user', now),
      msg(theirs!.id, 'assistant', now),
    ]);

    const res = await owner.client.get<AnalyticsUsage>('/api/analytics/usage');
    expect(res.status).toBe(200);
    const usage = res.body;
    expect(usage.month).toBe(month);
    expect(usage.timezone).toBe(ZONE);
    expect(usage.plan).toEqual({ id: 'multi', name: 'Multi' });
    expect(usage.agents).toEqual({ used: 2, limit: 5 });
    expect(usage.messages).toEqual({ used: 4, limit: null });
    expect(usage.costBrl.monthToDate).toBeCloseTo(3.75 + 7.5 + 5, 9);
    expect(usage.costBrl.projected).toBeCloseTo((16.25 / today) * days, 9);
    expect(usage.tokens).toEqual({
      input: 1_000_000 + 200_000 + 1_000_000 + 500,
      output: 1_000_000 + 100_000 + 500,
    });

    expect(usage.daily.map((d) => d.date)).toEqual(
      Array.from({ length: today }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
    );
    const first = usage.daily[0]!;
    const last = usage.daily.at(-1)!;
    if (today === 1) {
      expect(first.costBrl).toBeCloseTo(16.25, 9);
    } else {
      expect(first.costBrl).toBeCloseTo(3.75, 9);
      expect(last.costBrl).toBeCloseTo(12.5, 9);
      expect(usage.daily.slice(1, -1).every((d) => d.costBrl === 0)).toBe(true);
    }

    expect(usage.byAgent).toHaveLength(2);
    expect(usage.byAgent[0]).toMatchObject({ agentId: bakery, name: 'Padaria', calls: 3 });
    expect(usage.byAgent[0]!.costBrl).toBeCloseTo(8.75, 9);
    expect(usage.byAgent[1]).toMatchObject({ agentId: salon, name: 'Salão', calls: 1 });
    expect(usage.byAgent[1]!.costBrl).toBeCloseTo(7.5, 9);

    expect(usage.exchangeRate).toBe(5);
    expect(usage.prices).toContainEqual({
      model: 'llama-3',
      inputUsdPerMillion: 1,
      outputUsdPerMillion: 2,
    });
    expect(usage.prices).toContainEqual({
      model: 'gpt-4o-mini',
      inputUsdPerMillion: 0.15,
      outputUsdPerMillion: 0.6,
    });

    // The other owner sees only their own call (R$62.50) and no plan.
    const theirUsage = (await other.client.get<AnalyticsUsage>('/api/analytics/usage')).body;
    expect(theirUsage.costBrl.monthToDate).toBeCloseTo(62.5, 9);
    expect(theirUsage.plan).toBeNull();
    expect(theirUsage.agents).toEqual({ used: 1, limit: null });
    expect(theirUsage.messages.used).toBe(2);
    expect(theirUsage.byAgent).toEqual([
      { agentId: stranger, name: 'Outra loja', costBrl: expect.closeTo(62.5, 9), calls: 1 },
    ]);
  });

  it('is zero for a new owner, and refuses one not signed in', async () => {
    const owner = await signedInClient(t.baseUrl);
    const usage = (await owner.client.get<AnalyticsUsage>('/api/analytics/usage')).body;
    expect(usage.costBrl).toEqual({ monthToDate: 0, projected: 0 });
    expect(usage.tokens).toEqual({ input: 0, output: 0 });
    expect(usage.byAgent).toEqual([]);
    expect(usage.daily.every((d) => d.costBrl === 0)).toBe(true);
    expect(usage.messages).toEqual({ used: 0, limit: null });
    const anonymous = await fetch(`${t.baseUrl}/api/analytics/usage`);
    expect(anonymous.status).toBe(401);
  });
});
