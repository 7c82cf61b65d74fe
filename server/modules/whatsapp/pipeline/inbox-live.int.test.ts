import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { subscribeViaSandbox } from '../../../test/billing-helpers';
import { signedInClient } from '../../../test/http-client';
import { SseReader } from '../../../test/sse-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../../test/webchat-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  newOwner,
  phoneNumbers,
  startPipelineApp,
  stopPipelineApp,
  waitForReplies,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * The inbox follows its conversations live: every way a customer conversation changes
 * — a customer's WhatsApp message, the agent's answer, a website visitor's turn, a handoff and a
 * resume, read/notes/tags — reaches the owner's open `GET /api/events` stream as an event naming
 * the conversation, and never another owner's stream.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(72000000);

type Owner = Awaited<ReturnType<typeof newOwner>>;

async function streamOf(owner: Owner): Promise<SseReader> {
  const stream = await SseReader.open(owner.client, '/api/events');
  expect(stream.status).toBe(200);
  return stream;
}

/** The events of the stream that name `conversationId`, as `type` strings, in order. */
function eventsOf(stream: SseReader, conversationId: number): string[] {
  return stream.events
    .filter((e) => e.data && JSON.parse(e.data).conversationId === conversationId)
    .map((e) => e.event!);
}

describe('live inbox events', () => {
  it('a WhatsApp message, the answer, a handoff and a resume reach the owner, and nobody else', async () => {
    const owner = await newOwner(t);
    const stranger = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { debounceMs: 0 } });
    const mine = await streamOf(owner);
    const theirs = await streamOf(stranger);
    try {
      const phone = newPhone();
      await customerSays(s, line, { from: phone, text: 'Bom dia!' });
      await waitForReplies(s, line, phone, 1);
      const conversation = (await conversationOf(t, owner.agentId, phone))!;
      // The customer's message (inbox batch), then the agent's answer (reply job).
      await mine.until(
        (r) => eventsOf(r, conversation.id).filter((e) => e === 'message').length >= 2,
        'the message and the answer',
      );

      const handoff = await owner.client.post(`/api/conversations/${conversation.id}/handoff`);
      expect(handoff.status).toBe(200);
      const resume = await owner.client.post(`/api/conversations/${conversation.id}/resume`);
      expect(resume.status).toBe(200);
      const read = await owner.client.patch(`/api/conversations/${conversation.id}`, {
        read: true,
      });
      expect(read.status).toBe(200);
      await mine.until(
        (r) => eventsOf(r, conversation.id).filter((e) => e === 'conversation').length >= 3,
        'the handoff, the resume and the read',
      );
      expect(eventsOf(theirs, conversation.id)).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("a website visitor's turn reaches the owner; a test-console chat does not", async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const created = await client.post('/api/agents', {
      name: 'Salão Bela Vista',
      systemPrompt: 'Você atende o salão.',
      status: 'active',
    });
    expect(created.status).toBe(201);
    const agentId = (created.body as { id: number }).id;
    await subscribeViaSandbox(client, user);
    const stream = await SseReader.open(client, '/api/events');
    expect(stream.status).toBe(200);
    try {
      const visitor = publicVisitor(t.baseUrl);
      const chat = await visitor.chat(await agentKeyOf(client, agentId), {
        visitorId: newVisitor(),
        message: 'Vocês entregam?',
      });
      expect(chat.status).toBe(200);
      const test = await client.post(`/api/agents/${agentId}/test`, { message: 'Olá' });
      expect(test.status).toBe(200);
      const list = await client.get('/api/conversations?channel=webchat');
      const [web] = (list.body as { items: { id: number }[] }).items;
      await stream.until((r) => eventsOf(r, web!.id).includes('message'), "the visitor's turn");
      // Only the visitor's conversation was announced: the test chat is not in the inbox.
      const named = new Set(
        stream.events.filter((e) => e.data).map((e) => JSON.parse(e.data!).conversationId),
      );
      expect([...named]).toEqual([web!.id]);
    } finally {
      await stream.close();
    }
  });
});
