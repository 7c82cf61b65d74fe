import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { groupsOf, ownerWithAgent, widgetAsks } from '../../../test/unanswered-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  phoneNumbers,
  settle,
  simulatorHandles,
  waitForReplies,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * The reports' unanswered questions across the customer channels, with the offline
 * model: a question the agent's knowledge does not cover, asked on the website widget and on
 * WhatsApp, is one group; greetings are not questions; the owner's answer becomes a knowledge entry
 * the next customer's answer cites. (The test console's questions:
 * agent-test/test-console-unanswered.int.test.ts.)
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

const newPhone = phoneNumbers(74000000);

describe('unanswered questions on the widget and WhatsApp', () => {
  it('groups a question asked on the widget and on WhatsApp, and answering it teaches the agent', async () => {
    const owner = await ownerWithAgent(t);
    const first = await widgetAsks(t, owner, 'Vocês aceitam pix?');
    expect(first.reply).toContain('Não tenho essa informação');
    // small talk is not a question
    await widgetAsks(t, owner, 'Oi');
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'vcs aceitam PIX??', pushName: 'Ana' });
    const [whatsappReply] = await waitForReplies(s, line, phone, 1);
    expect(whatsappReply!.text).toContain('Não tenho essa informação');
    const whatsapp = (await conversationOf(t, owner.agentId, phone))!;
    const other = await widgetAsks(t, owner, 'Tem estacionamento?', { stream: true });
    expect(other.reply).toContain('Não tenho essa informação');

    const groups = await groupsOf(owner);
    expect(groups).toEqual([
      {
        id: expect.any(Number),
        agentId: owner.agentId,
        agentName: 'Padaria Pão Quente',
        question: 'Tem estacionamento?',
        count: 1,
        lastAskedAt: expect.any(String),
        reasons: ['no-passage'],
        origins: ['customer'],
        conversationIds: [other.conversationId],
      },
      {
        id: expect.any(Number),
        agentId: owner.agentId,
        agentName: 'Padaria Pão Quente',
        question: 'vcs aceitam PIX??',
        count: 2,
        lastAskedAt: expect.any(String),
        reasons: ['no-passage'],
        origins: ['customer'],
        conversationIds: [whatsapp.id, first.conversationId],
      },
    ]);
    expect(Date.parse(groups[0]!.lastAskedAt)).toBeGreaterThanOrEqual(
      Date.parse(groups[1]!.lastAskedAt),
    );
    expect(await groupsOf(owner, `?agentId=${owner.agentId}`)).toEqual(groups);

    const pix = groups[1]!;
    const answered = await owner.client.post(`/api/analytics/unanswered/${pix.id}/answer`, {
      answer: '  Sim, aceitamos Pix e cartão de crédito.  ',
    });
    expect(answered.status).toBe(201);
    expect(answered.body).toEqual({
      groupId: pix.id,
      documentId: expect.any(Number),
      documentName: 'Pergunta: vcs aceitam PIX??',
    });
    expect((await groupsOf(owner)).map((g) => g.question)).toEqual(['Tem estacionamento?']);
    const documents = await owner.client.get(`/api/agents/${owner.agentId}/documents`);
    expect(documents.body).toContainEqual(
      expect.objectContaining({
        id: answered.body.documentId,
        originalName: 'Pergunta: vcs aceitam PIX??',
        processingStatus: 'ready',
        totalChunks: 1,
      }),
    );
    const again = await owner.client.post(`/api/analytics/unanswered/${pix.id}/answer`, {
      answer: 'Outra resposta',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'UNANSWERED_ANSWERED',
      message: 'Esta pergunta já foi respondida.',
    });

    // The next customer gets the answer, from the new entry, at once.
    const next = await widgetAsks(t, owner, 'Vocês aceitam Pix?');
    expect(next.reply).toContain('Sim, aceitamos Pix e cartão de crédito.');
    const inConsole = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Vocês aceitam Pix?',
    });
    expect(inConsole.body.response).toContain('Sim, aceitamos Pix e cartão de crédito.');
    expect(inConsole.body.citations).toEqual([
      expect.objectContaining({
        source: 'Pergunta: vcs aceitam PIX??',
        documentId: answered.body.documentId,
      }),
    ]);
    // answered questions are not recorded again, from a customer or from the console
    expect((await groupsOf(owner)).map((g) => g.question)).toEqual(['Tem estacionamento?']);
  });
});
