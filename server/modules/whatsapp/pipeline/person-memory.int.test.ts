import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { agentKeyOf, newIp, publicVisitor, newVisitor } from '../../../test/webchat-helpers';
import type { ChatRequest } from '../../../test/fake-openai';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  messagesOf,
  newOwner,
  phoneNumbers,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * The agent's memory holds what a person of the business said: after "Devolver ao
 * robô" the model's input has the person's reply, as the business speaking (an assistant turn),
 * on WhatsApp (the reply job's one statement) and on the website (the widget's chat).
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  app = await startPipelineApp({ ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' });
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(74000000);
const PERSON = 'Seu pedido sai às 15h';
const QUESTION = 'que horas sai mesmo?';

/** The chat request that answered `question`, and its turns as role and text. */
function requestFor(question: string): { role: string; content: string }[] | null {
  const found = app.ai.chatRequests.find((r: ChatRequest) =>
    r.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes(question)),
  );
  return found
    ? found.messages.map((m) => ({
        role: m.role,
        content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
      }))
    : null;
}

/** The person's reply is an assistant turn after the customer's first message, before the question. */
function expectPersonInMemory(turns: { role: string; content: string }[]) {
  const person = turns.findIndex((m) => m.content.includes(PERSON));
  const question = turns.findIndex((m) => m.role === 'user' && m.content.includes(QUESTION));
  expect(person, JSON.stringify(turns)).toBeGreaterThan(0);
  expect(turns[person]!.role).toBe('assistant');
  expect(question).toBeGreaterThan(person);
}

describe("the agent remembers a person's reply", () => {
  it('on WhatsApp: a person replies, the bot is resumed, the next turn sees what the person said', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Quando sai o meu pedido?', pushName: 'Ana' });
    await waitForReplies(s, line, phone, 1);
    const conversation = await waitFor(async () => {
      const c = await conversationOf(t, owner.agentId, phone);
      const list = c ? await messagesOf(t, c.id) : [];
      return c && list.length === 2 && list.every((m) => m.status === 'done') ? c : null;
    }, 'the first turn done');

    const sent = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: PERSON,
    });
    expect(sent.status, sent.text).toBe(201);
    await waitForReplies(s, line, phone, 2);
    const resumed = await owner.client.post(`/api/conversations/${conversation.id}/resume`);
    expect(resumed.status).toBe(200);

    await customerSays(s, line, { from: phone, text: QUESTION, pushName: 'Ana' });
    await waitForReplies(s, line, phone, 3);
    const turns = await waitFor(async () => requestFor(QUESTION), 'the model asked');
    expectPersonInMemory(turns);
  });

  it('on the website: a person replies, the bot is resumed, the next answer sees what the person said', async () => {
    const owner = await newOwner(t);
    const put = await owner.client.put(`/api/agents/${owner.agentId}`, { status: 'active' });
    expect(put.status).toBe(200);
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl, 'https://www.loja.com.br', newIp());
    const visitorId = newVisitor();
    const first = await visitor.chatText(key, { visitorId, message: 'Quando sai o meu pedido?' });
    expect(first.status).toBe(200);
    const conversation = (await conversationOf(t, owner.agentId, visitorId))!;

    const sent = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: PERSON,
    });
    expect(sent.status, sent.text).toBe(201);
    const resumed = await owner.client.post(`/api/conversations/${conversation.id}/resume`);
    expect(resumed.status).toBe(200);

    const next = await visitor.chatText(key, { visitorId, message: QUESTION });
    expect(next.status).toBe(200);
    expectPersonInMemory(requestFor(QUESTION)!);
  });
});
