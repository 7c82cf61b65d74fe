import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../../../test/fake-openai';
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

/**
 * The voice-reply mode over real HTTP: the simulator posts the customer's text or voice note to
 * the webhook, the fake OpenAI-compatible provider transcribes, answers ("eco: …") and speaks,
 * and the simulated phone shows whether the reply came by sendWhatsAppAudio (an audioMessage) or
 * sendText. Its own app: the pipeline suite already registers as many owners as one address may
 * in an hour.
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

const newPhone = phoneNumbers(60000000);
const oggBase64 = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(64, 1)]).toString('base64');

describe('voice replies (the voiceReply mode)', () => {
  const speechCalls = () => ai.requests.filter((r) => r.path === '/v1/audio/speech').length;

  /** The turn is answered and stored: the assistant messages, the speech calls it made. */
  async function answered(agentId: number, phone: string, replies: number, speechBefore: number) {
    const conversation = (await conversationOf(t, agentId, phone))!;
    const stored = await waitFor(async () => {
      const list = await messagesOf(t, conversation.id);
      const done = list.every((m) => m.status !== 'pending');
      return done && list.filter((m) => m.role === 'assistant').length >= replies ? list : null;
    }, 'assistant replies stored');
    return {
      assistant: stored.filter((m) => m.role === 'assistant'),
      speech: speechCalls() - speechBefore,
    };
  }

  it('when-audio: a voice note gets one voice reply; the next written message gets text, no speech', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, {
      settings: { voiceReply: 'when-audio' },
    });
    const phone = newPhone();
    ai.transcript = 'Vocês entregam no centro?';
    let speechBefore = speechCalls();
    await customerSays(s, line, { from: phone, audio: { base64: oggBase64, seconds: 2 } });
    const [voice] = await waitForReplies(s, line, phone, 1);
    expect(voice!.messageType).toBe('audioMessage');
    const first = await answered(owner.agentId, phone, 1, speechBefore);
    expect(first.speech).toBe(1);
    expect(first.assistant.map((m) => [m.kind, m.content])).toEqual([
      ['audio', 'eco: Vocês entregam no centro?'],
    ]);
    expect(first.assistant[0]!.gatewayMessageId).toBe(voice!.keyId);

    // The conversation has had a voice note, but this turn is written: it is answered in text.
    speechBefore = speechCalls();
    await customerSays(s, line, { from: phone, text: 'E qual é a taxa?' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]).toMatchObject({ text: 'eco: E qual é a taxa?' });
    expect(replies[1]!.messageType).not.toBe('audioMessage');
    const second = await answered(owner.agentId, phone, 2, speechBefore);
    expect(second.assistant[1]).toMatchObject({ kind: 'text', content: 'eco: E qual é a taxa?' });
    expect(second.speech).toBe(0);
  });

  it('always: a written message gets a voice reply', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { voiceReply: 'always' } });
    const phone = newPhone();
    const speechBefore = speechCalls();
    await customerSays(s, line, { from: phone, text: 'Qual o preço do pão de queijo?' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.messageType).toBe('audioMessage');
    const { assistant, speech } = await answered(owner.agentId, phone, 1, speechBefore);
    expect(assistant.map((m) => [m.kind, m.content])).toEqual([
      ['audio', 'eco: Qual o preço do pão de queijo?'],
    ]);
    expect(speech).toBe(1);
  });

  it('off: a voice note is answered in text, with no speech', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { voiceReply: 'off' } });
    const phone = newPhone();
    ai.transcript = 'Tem bolo de cenoura hoje?';
    const speechBefore = speechCalls();
    await customerSays(s, line, { from: phone, audio: { base64: oggBase64, seconds: 2 } });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply).toMatchObject({ text: 'eco: Tem bolo de cenoura hoje?' });
    expect(reply!.messageType).not.toBe('audioMessage');
    const { assistant, speech } = await answered(owner.agentId, phone, 1, speechBefore);
    expect(assistant.map((m) => m.kind)).toEqual(['text']);
    expect(speech).toBe(0);
  });
});
