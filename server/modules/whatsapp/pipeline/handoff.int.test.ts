import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import type { TestApp } from '../../../test/harness';
import {
  conversationOf,
  createLine,
  customerSays,
  messagesOf,
  newOwner,
  phoneNumbers,
  repliesTo,
  settle,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';
import type { FakeOpenAI } from '../../../test/fake-openai';

/**
 * WhatsApp and the inbox, through the simulator and the inbox's HTTP routes: a
 * conversation handed over to a person keeps the bot quiet until it is resumed, and every way the
 * pipeline stores a message keeps the conversation's trigger-kept columns (newest message,
 * activity, unread count) and, for a reply, its citations.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let ai: FakeOpenAI;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s, ai } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(71000000);

/**
 * The conversation's trigger-kept columns against its messages: the newest message, the newest
 * message's time, and the customer messages since the owner last read it.
 */
async function tracked(conversationId: number) {
  const [row] = await queryRows<{
    last_message_id: number | null;
    newest_id: number | null;
    activity_matches: boolean;
    unread_count: number;
    customer_messages: number;
  }>(
    t.ctx.database.db,
    sql`SELECT c.last_message_id,
          (SELECT max(id) FROM messages m WHERE m.conversation_id = c.id) AS newest_id,
          c.last_activity_at = (SELECT max(created_at) FROM messages m
            WHERE m.conversation_id = c.id) AS activity_matches,
          c.unread_count,
          (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id
            AND m.role = 'user') AS customer_messages
        FROM conversations c WHERE c.id = ${conversationId}`,
  );
  return row!;
}

async function expectTracked(conversationId: number, unread: number) {
  const row = await tracked(conversationId);
  expect(row.last_message_id).toBe(row.newest_id);
  expect(row.activity_matches).toBe(true);
  expect(row.unread_count).toBe(unread);
}

const turnDone = (conversationId: number) =>
  waitFor(async () => {
    const list = await messagesOf(t, conversationId);
    return list.length > 0 && list.every((m) => m.status !== 'pending') ? list : null;
  }, 'turn done');

describe('handoff on WhatsApp', () => {
  it('stores what the customer writes and answers none of it until resume; then the next message is answered', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Oi', pushName: 'Ana' });
    await waitForReplies(s, line, phone, 1);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    await turnDone(conversation.id);

    const handed = await owner.client.post(`/api/conversations/${conversation.id}/handoff`);
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ needsPerson: true, bot: { state: 'person' } });

    await customerSays(s, line, { from: phone, text: 'Quero falar com uma pessoa' });
    await customerSays(s, line, { from: phone, text: 'Alô?' });
    await waitFor(
      async () => ((await messagesOf(t, conversation.id)).length === 4 ? true : null),
      'both messages stored',
    );
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const during = await messagesOf(t, conversation.id);
    expect(during.slice(2).map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Quero falar com uma pessoa', 'done'],
      ['user', 'Alô?', 'done'],
    ]);
    expect((await conversationOf(t, owner.agentId, phone))!.replyDueAt).toBeNull();
    const listed = await owner.client.get('/api/conversations?status=needs-person');
    expect(listed.body.items.map((i: { id: number }) => i.id)).toEqual([conversation.id]);
    expect(listed.body.items[0]).toMatchObject({
      unread: 3,
      lastMessage: { text: 'Alô?', author: 'customer' },
    });

    const resumed = await owner.client.post(`/api/conversations/${conversation.id}/resume`);
    expect(resumed.body).toMatchObject({ needsPerson: false, bot: { state: 'active' } });
    await settle(t, s);
    // What came during the handoff was for a person: the bot does not answer it late.
    expect(await repliesTo(s, line, phone)).toHaveLength(1);

    await customerSays(s, line, { from: phone, text: 'Voltou?' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('eco: Voltou?');
  });

  it('a reply waiting for its merge window when the handoff comes is not sent; resume answers it', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { debounceMs: 3000 } });
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Tem bolo de fubá?' });
    const conversation = await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c?.replyDueAt ? c : null;
    }, 'reply due');
    await owner.client.post(`/api/conversations/${conversation.id}/handoff`);
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c && c.replyDueAt === null ? c : null;
    }, 'due time dropped by the handed-over turn');
    expect(await repliesTo(s, line, phone)).toHaveLength(0);
    expect((await messagesOf(t, conversation.id)).map((m) => m.status)).toEqual(['pending']);

    await owner.client.post(`/api/conversations/${conversation.id}/resume`);
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe('eco: Tem bolo de fubá?');
  });

  it('a resume keyword typed on the phone ends a handoff too', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Oi' });
    await waitForReplies(s, line, phone, 1);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    await owner.client.post(`/api/conversations/${conversation.id}/handoff`);
    await customerSays(s, line, { from: phone, text: '#retomar', fromMe: true });
    await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      return c && c.handedOverAt === null && c.botPausedUntil === null;
    }, 'handoff ended by the keyword');
    await customerSays(s, line, { from: phone, text: 'E agora?' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('eco: E agora?');
  });
});

describe('the conversation kept by every way the pipeline stores a message', () => {
  it('customer messages, reply parts (recorded one by one and as the last), the owner on the phone; the reply cites its passages', async () => {
    const owner = await newOwner(t);
    const put = await owner.client.put(`/api/agents/${owner.agentId}`, {
      knowledgeBase: 'Fazemos entregas no bairro Jardim América com taxa de R$ 5,00.',
    });
    expect(put.status).toBe(200);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    const previous = ai.answer;
    ai.answer = () => ({ text: 'Fazemos entregas, sim.\n\nA taxa é de R$ 5,00.' });
    try {
      await customerSays(s, line, { from: phone, text: 'Vocês fazem entregas?' });
      await waitForReplies(s, line, phone, 2);
    } finally {
      ai.answer = previous;
    }
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const stored = await turnDone(conversation.id);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Vocês fazem entregas?'],
      ['assistant', 'Fazemos entregas, sim.'],
      ['assistant', 'A taxa é de R$ 5,00.'],
    ]);
    await expectTracked(conversation.id, 1);
    expect(stored[1]!.citations).toEqual([
      {
        source: expect.any(String),
        excerpt: 'Fazemos entregas no bairro Jardim América com taxa de R$ 5,00.',
      },
    ]);
    expect(stored[2]!.citations).toBeNull();

    const detail = await owner.client.get(`/api/conversations/${conversation.id}`);
    expect(
      detail.body.messages.map((m: { author: string; delivery: string | null }) => [
        m.author,
        m.delivery,
      ]),
    ).toEqual([
      ['customer', null],
      // Gone out: sent, or delivered once the simulated phone acknowledged it (300 ms later).
      ['agent', expect.stringMatching(/^(sent|delivered)$/)],
      ['agent', expect.stringMatching(/^(sent|delivered)$/)],
    ]);
    expect(detail.body.messages[1].citations).toHaveLength(1);

    await owner.client.patch(`/api/conversations/${conversation.id}`, { read: true });
    await customerSays(s, line, { from: phone, text: 'Deixa comigo!', fromMe: true });
    await waitFor(async () => {
      const list = await messagesOf(t, conversation.id);
      return list.some((m) => m.role === 'human') ? list : null;
    }, 'typed on the phone');
    await expectTracked(conversation.id, 0);
    await customerSays(s, line, { from: phone, text: 'Beleza' });
    await waitFor(
      async () => ((await messagesOf(t, conversation.id)).length === 5 ? 1 : null),
      '5',
    );
    await expectTracked(conversation.id, 1);
  });
});
