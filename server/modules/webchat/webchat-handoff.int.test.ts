import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { parseSse } from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';

/**
 * The website widget and the inbox: a conversation handed over to a person keeps the
 * agent quiet for the visitor until the owner resumes it; the widget's chat and the test console
 * keep the conversation's trigger-kept columns; a widget reply stores the passages it cited.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

async function ownerWithAgent() {
  const owner = await signedInClient(t.baseUrl);
  const res = await owner.client.post('/api/agents', {
    name: 'Padaria Pão Quente',
    systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
    knowledgeBase: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
    status: 'active',
  });
  expect(res.status).toBe(201);
  await subscribeViaSandbox(owner.client, owner.user);
  return {
    ...owner,
    agentId: res.body.id as number,
    key: await agentKeyOf(owner.client, res.body.id),
  };
}

async function webConversation(agentId: number, visitorId: string) {
  const rows = await t.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.contactId, visitorId));
  return rows.find((r) => r.agentId === agentId)!;
}

const messagesOf = (conversationId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.id);

/** last_message_id, last_activity_at and unread_count against the conversation's messages. */
async function expectTracked(conversationId: number, unread: number) {
  const [row] = await queryRows<{ newest: boolean; activity: boolean; unread_count: number }>(
    t.database.db,
    sql`SELECT c.last_message_id = (SELECT max(id) FROM messages m
              WHERE m.conversation_id = c.id) AS newest,
            c.last_activity_at = (SELECT max(created_at) FROM messages m
              WHERE m.conversation_id = c.id) AS activity,
            c.unread_count
        FROM conversations c WHERE c.id = ${conversationId}`,
  );
  expect(row).toEqual({ newest: true, activity: true, unread_count: unread });
}

describe('handoff on the website widget', () => {
  it('stores what the visitor writes and answers nothing until resume; then the agent answers again', async () => {
    const { client, agentId, key } = await ownerWithAgent();
    const visitor = publicVisitor(t.baseUrl);
    const visitorId = newVisitor();
    const first = await visitor.chatText(key, { visitorId, message: 'Vocês fazem entregas?' });
    expect(first.status).toBe(200);
    expect(first.body.response).toContain('Fazemos entregas');
    const conversation = await webConversation(agentId, visitorId);
    await expectTracked(conversation.id, 1);
    // The widget's reply keeps the passage it cited (shown to the owner, whatever the widget shows).
    const stored = await messagesOf(conversation.id);
    expect(stored[1]!.citations).toEqual([
      {
        source: expect.any(String),
        excerpt: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
      },
    ]);

    const handed = await client.post(`/api/conversations/${conversation.id}/handoff`);
    expect(handed.body).toMatchObject({ needsPerson: true, bot: { state: 'person' } });

    const quiet = await visitor.chatText(key, { visitorId, message: 'Quero falar com alguém' });
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual({ response: '', citations: [], offline: false });
    const streamed = await visitor.chatText(key, { visitorId, message: 'Alô?' }, 'chat/stream');
    expect(streamed.status).toBe(200);
    expect(parseSse(streamed.text)).toEqual([
      { event: 'done', data: { response: '', citations: [], offline: false } },
    ]);
    expect((await messagesOf(conversation.id)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Vocês fazem entregas?'],
      ['assistant', expect.stringContaining('Fazemos entregas')],
      ['user', 'Quero falar com alguém'],
      ['user', 'Alô?'],
    ]);
    await expectTracked(conversation.id, 3);
    const history = await visitor.history(key, visitorId);
    expect(history.body.messages.map((m: { content: string }) => m.content).slice(2)).toEqual([
      'Quero falar com alguém',
      'Alô?',
    ]);

    const resumed = await client.post(`/api/conversations/${conversation.id}/resume`);
    expect(resumed.body).toMatchObject({ needsPerson: false, bot: { state: 'active' } });
    const again = await visitor.chatText(key, { visitorId, message: 'Qual a taxa de entrega?' });
    expect(again.body.response).toContain('R$ 5,00');
    expect(await messagesOf(conversation.id)).toHaveLength(6);
    await expectTracked(conversation.id, 4);
  });
});

describe('the test console', () => {
  it('keeps its conversation’s columns too, and stays out of the inbox', async () => {
    const { client, agentId } = await ownerWithAgent();
    const res = await client.post(`/api/agents/${agentId}/test`, { message: 'Fazem entregas?' });
    expect(res.status).toBe(200);
    const [test] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.agentId, agentId));
    expect(test!.channel).toBe('test');
    await expectTracked(test!.id, 1);
    expect((await messagesOf(test!.id))[1]!.citations).toHaveLength(1);
    const inbox = await client.get('/api/conversations');
    expect(inbox.body.items).toEqual([]);
  });
});
