import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { conversationEvents, conversations, followUps } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { ownerWithSchedule, SP, type ScheduleOwner } from '../../test/appointments-helpers';
import type { ChatRequest } from '../../test/fake-openai';
import type { TestApp } from '../../test/harness';
import {
  conversationOf,
  createLine,
  customerSays,
  messagesOf,
  phoneNumbers,
  repliesTo,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type Line,
  type PipelineApp,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';
import { storeConversationMessage } from '../whatsapp';
import { queueFollowUp } from './follow-ups-jobs';
import { runFollowUp } from './follow-ups.service';

/**
 * Follow-ups on WhatsApp (ADR 0031), on the embedded database and on PostgreSQL: a turn
 * that leaves a question open schedules one; at its time the agent's model writes it and it goes
 * once, shows in the conversation, and the next one is scheduled; never after a reply, a 'parar',
 * a person's reply, outside the business hours or past WhatsApp's window. Time is advanced, not
 * waited: the row's due time and its job's start are moved to now.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let owner: ScheduleOwner;
let line: Line;
const newPhone = phoneNumbers(82000000);
const HOUR = 3_600_000;

const AGENT_QUESTION = 'Temos horário amanhã às 10h. Quer que eu reserve para você?';
const FOLLOW_UP = (n: number) => `Oi! Ainda quer aquele horário? (lembrete ${n})`;
const isFollowUpRequest = (request: ChatRequest) =>
  request.messages.some(
    (m) => m.role === 'system' && String(m.content).includes('Você está retomando uma conversa'),
  );
let followUpAnswer: (n: number) => string = FOLLOW_UP;
let agentAnswer = AGENT_QUESTION;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s } = app);
  let written = 0;
  app.ai.answer = (request) =>
    isFollowUpRequest(request) ? { text: followUpAnswer(++written) } : { text: agentAnswer };
  owner = await ownerWithSchedule(t);
  line = await createLine(t, s, owner.agentId);
  const res = await owner.client.put(`/api/agents/${owner.agentId}/follow-ups`, {
    enabled: true,
    delaysHours: [1, 0.25],
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({ enabled: true, delaysHours: [0.25, 1] });
}, 60_000);
afterAll(() => stopPipelineApp(app));
beforeEach(async () => {
  followUpAnswer = FOLLOW_UP;
  agentAnswer = AGENT_QUESTION;
  await alwaysOpen();
});

async function alwaysOpen() {
  const res = await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
    timezone: SP,
    weekly: [],
    holidays: [],
    outOfHours: 'answer',
    outOfHoursMessage: '',
  });
  expect(res.status, res.text).toBe(200);
}

function rowsOf(conversationId: number) {
  return t.ctx.database.db
    .select()
    .from(followUps)
    .where(eq(followUps.conversationId, conversationId))
    .orderBy(followUps.id);
}

/** The customer writes, the agent asks something back: resolves once the follow-up is scheduled. */
async function openConversation(phone = newPhone()) {
  await customerSays(s, line, { from: phone, text: 'Oi, queria cortar o cabelo' });
  await waitForReplies(s, line, phone, 1);
  const conversation = await waitFor(() => conversationOf(t, owner.agentId, phone), 'conversation');
  const [row] = await waitFor(async () => {
    const rows = await rowsOf(conversation.id);
    return rows.length > 0 ? rows : null;
  }, 'follow-up scheduled');
  return { phone, conversationId: conversation.id, row: row! };
}

/**
 * Time advanced to the follow-up's due time: the row and its queued job are due now. The job is
 * queued just after the row is written, so it is awaited: moved before it exists, it would keep
 * its start minutes away.
 */
async function advance(id: number) {
  const db = t.ctx.database.db;
  await db.update(followUps).set({ dueAt: new Date() }).where(eq(followUps.id, id));
  await waitFor(async () => {
    const moved = await queryRows(
      db,
      sql`UPDATE pgboss.job SET start_after = now()
        WHERE name = 'follow-up' AND singleton_key = ${`follow-up:${id}`} AND state = 'created'
        RETURNING id`,
    );
    return moved.length > 0;
  }, `the job of follow-up ${id} queued`);
}

async function rowById(id: number) {
  const [row] = await t.ctx.database.db.select().from(followUps).where(eq(followUps.id, id));
  return row!;
}

const waitForStatus = (id: number, status: string) =>
  waitFor(async () => {
    const row = await rowById(id);
    return row.status === status ? row : null;
  }, `follow-up ${id} ${status}`);

describe('follow-ups', () => {
  it('validates the settings, defaults to off, and keeps owners apart', async () => {
    const other = await ownerWithSchedule(t);
    const got = await other.client.get(`/api/agents/${other.agentId}/follow-ups`);
    expect(got.body).toEqual({ enabled: false, delaysHours: [3, 22] });
    for (const delaysHours of [[], [0.1], [24], [2, 2], [1, 2, 3, 4], ['1']]) {
      const bad = await other.client.put(`/api/agents/${other.agentId}/follow-ups`, {
        enabled: true,
        delaysHours,
      });
      expect(bad.status, JSON.stringify(delaysHours)).toBe(400);
      expect(JSON.stringify(bad.body)).not.toContain('followUps.');
    }
    const foreign = await owner.client.put(`/api/agents/${other.agentId}/follow-ups`, {
      enabled: true,
      delaysHours: [1],
    });
    expect(foreign.status).toBe(404);
    expect((await other.client.get(`/api/agents/${other.agentId}/follow-ups`)).body.enabled).toBe(
      false,
    );
    // off, with no delay chosen: saved as it is
    const off = await other.client.put(`/api/agents/${other.agentId}/follow-ups`, {
      enabled: false,
      delaysHours: [],
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toEqual({ enabled: false, delaysHours: [] });
  });

  it('an open question: written by the agent, sent once at its time, in the transcript, then the next', async () => {
    const { phone, conversationId, row } = await openConversation();
    expect(row).toMatchObject({ attempt: 1, reason: 'question', status: 'scheduled' });
    const messages = await messagesOf(t, conversationId);
    const open = messages.at(-1)!;
    expect(row.afterMessageId).toBe(open.id);
    expect(Math.abs(row.dueAt.getTime() - (open.createdAt.getTime() + 0.25 * HOUR))).toBeLessThan(
      5,
    );
    await advance(row.id);
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe(FOLLOW_UP(1));
    const sent = await waitForStatus(row.id, 'sent');
    const stored = (await messagesOf(t, conversationId)).find((m) => m.id === sent.messageId)!;
    expect([stored.role, stored.content, stored.gatewayMessageId]).toEqual([
      'assistant',
      FOLLOW_UP(1),
      replies[1]!.keyId,
    ]);
    // the owner's inbox shows it as the agent's follow-up
    const inbox = await owner.client.get(`/api/conversations/${conversationId}`);
    expect(inbox.status).toBe(200);
    const shown = (inbox.body.messages as { id: number; author: string; origin: string }[]).find(
      (m) => m.id === sent.messageId,
    );
    expect(shown).toMatchObject({ author: 'agent', origin: 'follow-up' });
    // the model read the conversation and the instruction
    const request = app.ai.chatRequests.filter(isFollowUpRequest).at(-1)!;
    expect(JSON.stringify(request.messages)).toContain('Oi, queria cortar o cabelo');
    // the second, one hour after the open message; no third
    const rows = await waitFor(async () => {
      const list = await rowsOf(conversationId);
      return list.length === 2 ? list : null;
    }, 'second follow-up');
    expect(rows[1]).toMatchObject({ attempt: 2, status: 'scheduled', delayHours: 1 });
    expect(rows[1]!.dueAt.getTime()).toBe(open.createdAt.getTime() + HOUR);
    await advance(rows[1]!.id);
    await waitForReplies(s, line, phone, 3);
    await waitForStatus(rows[1]!.id, 'sent');
    expect(await rowsOf(conversationId)).toHaveLength(2);
    // once: running the job again sends nothing
    expect(await runFollowUp(t.ctx, row.id, queueFollowUp)).toBe('none');
    expect(await repliesTo(s, line, phone)).toHaveLength(3);
  });

  it('two workers at once send it once', async () => {
    const { phone, row } = await openConversation();
    await t.ctx.database.db
      .update(followUps)
      .set({ dueAt: new Date() })
      .where(eq(followUps.id, row.id));
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => runFollowUp(t.ctx, row.id, queueFollowUp)),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    await waitForStatus(row.id, 'sent');
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });

  it('not after a reply: the customer writes, the waiting follow-up is not sent', async () => {
    const { phone, conversationId, row } = await openConversation();
    await customerSays(s, line, { from: phone, text: 'Pode ser às 11h?' });
    await waitForReplies(s, line, phone, 2);
    // the new turn superseded it (and left its own)
    await waitForStatus(row.id, 'cancelled');
    expect((await rowById(row.id)).skipReason).toBe('superseded');
    await advance(row.id);
    expect(await runFollowUp(t.ctx, row.id, queueFollowUp)).toBe('none');
    // a follow-up whose conversation got a customer message it did not see: skipped at its time
    const newest = (await rowsOf(conversationId)).at(-1)!;
    expect(newest.status).toBe('scheduled');
    await t.ctx.database.db.execute(
      sql`INSERT INTO messages (conversation_id, role, content, status)
        VALUES (${conversationId}, 'user', 'Oi?', 'done')`,
    );
    await advance(newest.id);
    expect((await waitForStatus(newest.id, 'skipped')).skipReason).toBe('replied');
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });

  it("not after 'parar': the agent confirms, nothing more is scheduled or sent", async () => {
    const { phone, conversationId, row } = await openConversation();
    await customerSays(s, line, { from: phone, text: 'PARAR' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe(translate('followUps.stopped', 'pt-BR'));
    expect((await rowById(row.id)).status).toBe('cancelled');
    expect((await rowById(row.id)).skipReason).toBe('stopped');
    const events = await t.ctx.database.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.conversationId, conversationId),
          eq(conversationEvents.kind, 'follow_ups_stopped'),
        ),
      );
    expect(events).toHaveLength(1);
    // a later question of the agent opens nothing
    await customerSays(s, line, { from: phone, text: 'Qual o preço do corte?' });
    await waitForReplies(s, line, phone, 3);
    await waitFor(async () => {
      const messages = await messagesOf(t, conversationId);
      return messages.at(-1)?.role === 'assistant' && messages.at(-1)?.status === 'done';
    }, 'answered');
    expect((await rowsOf(conversationId)).map((r) => r.status)).toEqual(['cancelled']);
    await advance(row.id);
    expect(await runFollowUp(t.ctx, row.id, queueFollowUp)).toBe('none');
    expect(await repliesTo(s, line, phone)).toHaveLength(3);
  });

  it("not after a person's reply from the inbox", async () => {
    const { phone, row, conversationId } = await openConversation();
    const sent = await owner.client.post(`/api/conversations/${conversationId}/messages`, {
      text: 'Aqui é a Ana, posso te ajudar pessoalmente!',
    });
    expect(sent.status, sent.text).toBe(201);
    await waitForReplies(s, line, phone, 2);
    await advance(row.id);
    expect((await waitForStatus(row.id, 'skipped')).skipReason).toBe('person');
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });

  it('not outside the business hours: waits for the opening inside the window, else skipped', async () => {
    // closed for the next days (holidays): the opening is past the 24-hour window
    const { phone, row } = await openConversation();
    const day = (d: number) =>
      new Date(Date.now() + d * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: SP });
    const closed = await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
      timezone: SP,
      weekly: [],
      holidays: [day(0), day(1), day(2)],
      outOfHours: 'answer',
      outOfHoursMessage: '',
    });
    expect(closed.status, closed.text).toBe(200);
    await advance(row.id);
    expect((await waitForStatus(row.id, 'skipped')).skipReason).toBe('window');
    // open every day for one hour starting two hours from now: deferred to that opening
    await alwaysOpen();
    const second = await openConversation();
    const hour =
      (Number(
        new Date().toLocaleString('en-US', { timeZone: SP, hour: 'numeric', hourCycle: 'h23' }),
      ) +
        2) %
      24;
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    const later = await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
      timezone: SP,
      weekly: Array.from({ length: 7 }, (_, weekday) => ({
        weekday,
        start: hh(hour),
        end: hh(hour + 1),
      })),
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
    });
    expect(later.status, later.text).toBe(200);
    await advance(second.row.id);
    const deferred = await waitFor(async () => {
      const r = await rowById(second.row.id);
      return r.dueAt.getTime() > Date.now() + HOUR - 60_000 ? r : null;
    }, 'deferred to the opening');
    expect(deferred.status).toBe('scheduled');
    expect(deferred.dueAt.getTime()).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    expect(await repliesTo(s, line, second.phone)).toHaveLength(1);
  });

  it('not when the model finds the conversation closed, nor when the agent did not ask', async () => {
    followUpAnswer = () => 'NENHUMA';
    const { phone, row } = await openConversation();
    await advance(row.id);
    expect((await waitForStatus(row.id, 'skipped')).skipReason).toBe('ended');
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    // the agent answered and asked nothing: nothing is open, nothing is scheduled
    agentAnswer = 'Perfeito, está reservado. Até amanhã!';
    await customerSays(s, line, { from: phone, text: 'Obrigado, até amanhã' });
    await waitForReplies(s, line, phone, 2);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    await waitFor(async () => {
      const messages = await messagesOf(t, conversation.id);
      return messages.at(-1)?.content === agentAnswer && messages.at(-1)?.status === 'done';
    }, 'answered');
    expect((await rowsOf(conversation.id)).map((r) => r.status)).toEqual(['skipped']);
  });

  it('a send cut off after storing its message (a crash) goes once on the next runs', async () => {
    const { phone, conversationId, row } = await openConversation();
    const stored = (await storeConversationMessage(
      t.ctx,
      conversationId,
      'Oi! Conseguiu ver?',
      'follow-up',
    ))!;
    // as a crash leaves it: claimed, message stored, nothing sent, the echo wait over
    await t.ctx.database.db
      .update(followUps)
      .set({
        status: 'sending',
        messageId: stored.messageId,
        attemptAt: new Date(Date.now() - 20_000),
      })
      .where(eq(followUps.id, row.id));
    // its job and two more runs at once (a retry, the sweep's): each waits for an echo that never
    // comes (this process may have started less than the echo wait ago) or sends; one sends
    await advance(row.id);
    const outcomes = await Promise.all(
      Array.from({ length: 2 }, () => runFollowUp(t.ctx, row.id, queueFollowUp)),
    );
    expect(outcomes.filter((o) => o === 'sent').length).toBeLessThanOrEqual(1);
    const replies = await waitForReplies(s, line, phone, 2, 40_000);
    expect(replies[1]!.text).toBe('Oi! Conseguiu ver?');
    await waitForStatus(row.id, 'sent');
    // its gateway id is recorded: a later run does not send again
    expect(await runFollowUp(t.ctx, row.id, queueFollowUp)).toBe('none');
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });

  it('a contact erased leaves no follow-up of theirs', async () => {
    const { conversationId } = await openConversation();
    const conversation = (
      await t.ctx.database.db
        .select({ contactId: conversations.linkedContactId })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
    )[0]!;
    const erased = await owner.client.delete(`/api/contacts/${conversation.contactId}`);
    expect(erased.status).toBe(204);
    expect(await rowsOf(conversationId)).toHaveLength(0);
  });
});
