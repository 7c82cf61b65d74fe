import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { conversationEvents, conversations, messages } from '../../db/schema';
import {
  dayAhead,
  ownerWithSchedule,
  SP,
  spAt,
  type ScheduleOwner,
} from '../../test/appointments-helpers';
import { parseSse } from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  phoneNumbers,
  repliesTo,
  settle,
  simulatorHandles,
  sweepNow,
  waitFor,
  waitForReplies,
  type Line,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';

/**
 * Out of business hours on every channel, with the offline model and the clock as it
 * is: "closed" is today made a holiday, so the next opening is tomorrow 08:00 in São Paulo. In
 * 'message' mode the customer gets the notice once per period and nothing else — their messages
 * wait, pending, in the inbox — and they are answered at the opening; in 'answer' mode the agent
 * answers and adds once who replies and when. Hours that are an empty week are always open (the
 * helper separates them from the availability so; following it is schedule-follows.int.test.ts).
 */
let t: TestApp;
let s: SimulatorHandles;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' } });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

const newPhone = phoneNumbers(75300000);

const everyDay = (start: string, end: string) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, start, end }));

/** Open every day 08:00–18:00, with a lunch break, but today is a holiday. */
async function closedToday(owner: ScheduleOwner, outOfHours: 'answer' | 'message', message = '') {
  const res = await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
    timezone: SP,
    weekly: [...everyDay('08:00', '12:00'), ...everyDay('13:00', '18:00')],
    holidays: [dayAhead(0)],
    outOfHours,
    outOfHoursMessage: message,
  });
  expect(res.status).toBe(200);
}

/** Open all day, every day, in 'message' mode: never out of hours. */
async function openAllDay(owner: ScheduleOwner, message: string) {
  const res = await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
    timezone: SP,
    weekly: everyDay('00:00', '24:00'),
    holidays: [],
    outOfHours: 'message',
    outOfHoursMessage: message,
  });
  expect(res.status).toBe(200);
}

const OPENING = () => new Date(spAt(dayAhead(1), '08:00'));
const ANSWER_NOTICE =
  'Estamos fora do horário de atendimento. Uma pessoa da equipe responde a partir de amanhã, 08:00.';
const MESSAGE_NOTICE =
  'Olá! Estamos fora do horário de atendimento. Recebemos sua mensagem e uma pessoa da equipe responde a partir de amanhã, 08:00.';

const noticesOf = (conversationId: number) =>
  t.database.db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.conversationId, conversationId),
        eq(conversationEvents.kind, 'out_of_hours'),
      ),
    );

const userMessages = (conversationId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(messages.id);

/**
 * The conversation's reply job has settled: `count` customer messages stored, no plan under way,
 * no reply due and no reply job queued before `dueBefore` (the next opening): nothing more will be
 * sent till then.
 */
async function settledUntil(conversationId: number, count: number, dueBefore: Date) {
  await waitFor(async () => {
    // the messages first: the row read after them shows the due time their storing set
    if ((await userMessages(conversationId)).length < count) return false;
    const [row] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (row?.metadata?.plan) return false;
    // a message stored makes its reply due now: not settled till a job took it
    if (row?.replyDueAt && row.replyDueAt < dueBefore) return false;
    const [jobs] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'whatsapp-reply' AND singleton_key = ${`conversation:${conversationId}`}
            AND (state = 'active' OR (state IN ('created', 'retry')
              AND start_after < ${new Date(dueBefore.getTime() - 1000).toISOString()}::timestamptz))`,
    );
    return jobs!.n === 0;
  }, `conversation ${conversationId} settled`);
}

/** The conversation's reply jobs queued or running: none while it waits for the opening. */
async function replyJobs(conversationId: number) {
  const [jobs] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = 'whatsapp-reply' AND singleton_key = ${`conversation:${conversationId}`}
        AND state IN ('created', 'retry', 'active')`,
  );
  return jobs!.n;
}

async function whatsappCustomer(owner: ScheduleOwner) {
  const line: Line = await createLine(t, s, owner.agentId, { settings: { debounceMs: 0 } });
  return { line, phone: newPhone() };
}

describe('WhatsApp out of hours', () => {
  it("'message' mode: the notice once for two messages, the model not asked, the messages pending in the inbox", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Salão Fechado' });
    await closedToday(owner, 'message');
    const { line, phone } = await whatsappCustomer(owner);
    await customerSays(s, line, { from: phone, text: 'Oi, quero agendar um corte' });
    const [notice] = await waitForReplies(s, line, phone, 1);
    expect(notice!.text).toBe(MESSAGE_NOTICE);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;

    await customerSays(s, line, { from: phone, text: 'Alguém aí?' });
    await settledUntil(conversation.id, 2, OPENING());
    // the offline model would have sent the booking page: nothing but the notice went out
    expect((await repliesTo(s, line, phone)).map((r) => r.text)).toEqual([MESSAGE_NOTICE]);
    const [row] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    // the turn is due at the opening on the row only, no job waits for it: the sweep queues it
    // then, whatever restarted meanwhile
    expect(row!.replyDueAt).toEqual(OPENING());
    expect(await replyJobs(conversation.id)).toBe(0);
    const events = await noticesOf(conversation.id);
    expect(events.map((e) => [e.by, e.until])).toEqual([['agent', OPENING()]]);

    // the inbox shows both messages waiting, and the notice
    const inbox = await owner.client.get(`/api/conversations/${conversation.id}`);
    expect(inbox.status).toBe(200);
    const shown = (inbox.body.messages as { author: string; text: string; status: string }[]).map(
      (m) => [m.author, m.text, m.status],
    );
    expect(shown).toEqual([
      ['customer', 'Oi, quero agendar um corte', 'pending'],
      ['agent', MESSAGE_NOTICE, 'done'],
      ['customer', 'Alguém aí?', 'pending'],
    ]);
  });

  it("'answer' mode: the agent answers, and the notice comes once with the first answer", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Barbearia Noturna' });
    await closedToday(owner, 'answer');
    const { line, phone } = await whatsappCustomer(owner);
    await customerSays(s, line, { from: phone, text: 'Quero agendar um corte' });
    const first = await waitForReplies(s, line, phone, 2);
    expect(first[0]!.text).toContain('/agendar/');
    expect(first[1]!.text).toBe(ANSWER_NOTICE);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;

    await customerSays(s, line, { from: phone, text: 'Quero agendar uma barba também' });
    await waitForReplies(s, line, phone, 3);
    await settledUntil(conversation.id, 2, new Date(Date.now() + 60_000));
    const replies = (await repliesTo(s, line, phone)).map((r) => r.text);
    expect(replies).toHaveLength(3);
    expect(replies[2]).toContain('/agendar/');
    expect((await userMessages(conversation.id)).map((m) => m.status)).toEqual(['done', 'done']);
    expect(await noticesOf(conversation.id)).toHaveLength(1);
  });

  it('answers as before for an agent with an empty week of hours, and for one open now', async () => {
    const never = await ownerWithSchedule(t, { agentName: 'Loja Sempre Aberta' });
    const open = await ownerWithSchedule(t, { agentName: 'Loja Aberta Agora' });
    await openAllDay(open, 'Fechado!');
    for (const owner of [never, open]) {
      const { line, phone } = await whatsappCustomer(owner);
      await customerSays(s, line, { from: phone, text: 'Quero agendar um horário' });
      const [reply] = await waitForReplies(s, line, phone, 1);
      expect(reply!.text).toContain('/agendar/');
      const conversation = (await conversationOf(t, owner.agentId, phone))!;
      await settledUntil(conversation.id, 1, new Date(Date.now() + 60_000));
      expect(await repliesTo(s, line, phone)).toHaveLength(1);
      expect(await noticesOf(conversation.id)).toEqual([]);
    }
  });

  it("'message' mode: what the customer wrote while closed is answered at the opening", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Clínica Abre Já' });
    await closedToday(owner, 'message', 'Estamos fechados agora. Já já respondemos!');
    const { line, phone } = await whatsappCustomer(owner);
    await customerSays(s, line, { from: phone, text: 'Quero agendar uma consulta' });
    const [notice] = await waitForReplies(s, line, phone, 1);
    expect(notice!.text).toBe('Estamos fechados agora. Já já respondemos!');
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    await settledUntil(conversation.id, 1, OPENING());
    const due = async () =>
      (
        await t.database.db
          .select({ replyDueAt: conversations.replyDueAt })
          .from(conversations)
          .where(eq(conversations.id, conversation.id))
      )[0]!.replyDueAt;
    // the turn waits on the row, due at the opening, with no job queued days ahead
    expect(await due()).toEqual(OPENING());
    expect(await replyJobs(conversation.id)).toBe(0);
    expect((await repliesTo(s, line, phone)).length).toBe(1);

    // Time advanced instead of waited for: the opening has come (open now, the turn due a
    // minute ago) and the minute's sweep runs.
    await openAllDay(owner, 'Estamos fechados agora. Já já respondemos!');
    await t.database.db
      .update(conversations)
      .set({ replyDueAt: sql`now() - interval '1 minute'` })
      .where(eq(conversations.id, conversation.id));
    expect((await sweepNow(t)).replies).toBeGreaterThanOrEqual(1);

    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toContain('/agendar/');
    await waitFor(
      async () =>
        (await userMessages(conversation.id)).every((m) => m.status === 'done') ? true : null,
      'the waiting message answered',
    );
    expect(await due()).toBeNull();
    // answered once: no second reply follows
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });
});

describe('the website widget out of hours', () => {
  it("'message' mode: the notice once, then the quiet reply; the messages stay for a person", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Padaria Fechada' });
    await closedToday(owner, 'message', 'Voltamos amanhã às 8h. Deixe sua mensagem!');
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const first = await visitor.chatText(key, { visitorId, message: 'Quero agendar' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      response: 'Voltamos amanhã às 8h. Deixe sua mensagem!',
      citations: [],
      offline: false,
    });
    const second = await visitor.chatText(key, { visitorId, message: 'Oi?' });
    expect(second.body).toEqual({ response: '', citations: [], offline: false });
    const streamed = await visitor.chatText(key, { visitorId, message: 'Alô?' }, 'chat/stream');
    expect(parseSse(streamed.text)).toEqual([
      { event: 'done', data: { response: '', citations: [], offline: false } },
    ]);
    const history = await visitor.history(key, visitorId);
    expect(history.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'Quero agendar',
      'Voltamos amanhã às 8h. Deixe sua mensagem!',
      'Oi?',
      'Alô?',
    ]);
    const inbox = await owner.client.get('/api/conversations');
    expect(inbox.body.items).toHaveLength(1);
    expect(await noticesOf(inbox.body.items[0].id)).toHaveLength(1);
  });

  it("'message' mode, streamed: the period's first message gets the notice as 'done'", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Doceria Fechada' });
    await closedToday(owner, 'message');
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const res = await visitor.chatText(key, { visitorId, message: 'Oi' }, 'chat/stream');
    expect(parseSse(res.text)).toEqual([
      { event: 'done', data: { response: MESSAGE_NOTICE, citations: [], offline: false } },
    ]);
  });

  it("'answer' mode: the answer ends with the notice once, streamed or not", async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Ateliê Noturno' });
    await closedToday(owner, 'answer');
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const first = await visitor.chatText(key, { visitorId, message: 'Quero agendar' });
    expect(first.body.response).toContain('/agendar/');
    expect(first.body.response).toMatch(new RegExp(`\\n\\n${ANSWER_NOTICE.replace('.', '\\.')}$`));
    const second = await visitor.chatText(key, { visitorId, message: 'Quero agendar de novo' });
    expect(second.body.response).toContain('/agendar/');
    expect(second.body.response).not.toContain('fora do horário');

    const other = newVisitor();
    const streamed = await visitor.chatText(
      key,
      { visitorId: other, message: 'Quero agendar' },
      'chat/stream',
    );
    const events = parseSse(streamed.text) as {
      event: string;
      data: { text?: string; response?: string };
    }[];
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.response).toBe(text);
    expect(text.endsWith(`\n\n${ANSWER_NOTICE}`)).toBe(true);
  });

  it('answers as before for an agent whose hours are an empty week of their own', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Livraria Sem Horário' });
    const key = await agentKeyOf(owner.client, owner.agentId);
    const res = await publicVisitor(t.baseUrl).chatText(key, {
      visitorId: newVisitor(),
      message: 'Quero agendar',
    });
    expect(res.body.response).toContain('/agendar/');
    expect(res.body.response).not.toContain('fora do horário');
  });
});

describe('the test console out of hours', () => {
  it('answers in either mode and shows the notice once, as a customer gets it', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Estúdio Teste' });
    await closedToday(owner, 'message', 'Fechado hoje.');
    const ask = (message: string) =>
      owner.client.post(`/api/agents/${owner.agentId}/test`, { message });
    const first = await ask('Quero agendar');
    expect(first.status).toBe(200);
    expect(first.body.response).toContain('/agendar/');
    expect(first.body.response.endsWith('\n\nFechado hoje.')).toBe(true);
    const second = await ask('Quero agendar outra vez');
    expect(second.body.response).toContain('/agendar/');
    expect(second.body.response).not.toContain('Fechado hoje.');
    // a fresh chat is a new customer: the notice again
    expect(
      (await owner.client.delete(`/api/agents/${owner.agentId}/test/conversation`)).status,
    ).toBeLessThan(300);
    const again = await ask('Oi');
    expect(again.body.response.endsWith('\n\nFechado hoje.')).toBe(true);
  });
});
