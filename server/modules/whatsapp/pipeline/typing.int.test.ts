import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness';
import {
  conversationOf,
  createLine,
  customerSays,
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
import { metaOf } from '../../conversations';

/**
 * Typing pauses are scheduled, not slept: the contact sees "typing…" before each part (a presence
 * the gateway shows while no job waits), each part is sent when its pause is over, in order and
 * once, and a message that arrives meanwhile is answered after the reply under way.
 */
const PAUSE_MS = 400;
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  // Three paragraphs to the first question of a conversation, one line to any other.
  app = await startPipelineApp(
    { WHATSAPP_TYPING_DELAY_MS: String(PAUSE_MS), WHATSAPP_RETRY_DELAY_SECONDS: '0' },
    (request) => {
      const asked = request.messages.filter((m) => m.role === 'user').length;
      return asked === 1 ? { text: 'Olá!\n\nAbrimos às 7h.\n\nAté logo.' } : { text: 'Combinado.' };
    },
  );
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(60000000);

describe('typing pauses', () => {
  it('shows typing before each part, then sends the parts in order, each once', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Horário?' });
    const replies = await waitForReplies(s, line, phone, 3);
    expect(replies.map((r) => r.text)).toEqual(['Olá!', 'Abrimos às 7h.', 'Até logo.']);
    for (const reply of replies) {
      // seen as "typing…" right before it, for at most the configured pause
      expect(reply.typedMs).toBeGreaterThan(0);
      expect(reply.typedMs).toBeLessThanOrEqual(PAUSE_MS);
      // and no send call was held for the pause: no job waited it out
      expect(reply.heldMs).toBe(0);
    }
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const done = await waitFor(async () => {
      const list = await messagesOf(t, conversation.id);
      return list.filter((m) => m.role === 'assistant').length === 3 ? list : null;
    }, 'three parts recorded');
    expect(done.filter((m) => m.role === 'assistant').map((m) => m.gatewayMessageId)).toEqual(
      replies.map((r) => r.keyId),
    );
    const after = (await conversationOf(t, owner.agentId, phone))!;
    expect(metaOf(after).plan ?? null).toBeNull();
  });

  it('answers a message that arrives during a reply after that reply, never inside it', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Horário?' });
    await waitForReplies(s, line, phone, 1);
    await customerSays(s, line, { from: phone, text: 'Obrigado' });
    const replies = await waitForReplies(s, line, phone, 4);
    expect(replies.map((r) => r.text)).toEqual([
      'Olá!',
      'Abrimos às 7h.',
      'Até logo.',
      'Combinado.',
    ]);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    const list = await waitFor(async () => {
      const rows = await messagesOf(t, conversation.id);
      return rows.every((m) => m.status !== 'pending') &&
        rows.filter((m) => m.role === 'assistant').length === 4
        ? rows
        : null;
    }, 'both turns done');
    expect(list.filter((m) => m.role === 'user').map((m) => m.status)).toEqual(['done', 'done']);
  });
});
