import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSse } from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  groupsOf,
  ownerWithAgent,
  widgetAsks,
  type UnansweredOwner,
} from '../../test/unanswered-helpers';

/**
 * A question the agent could not answer in the owner's test console (offline model, as
 * installed) is in 'Perguntas sem resposta' too — with the test as its origin and no conversation,
 * grouped with the customers' same question, kept when the test chat is cleared, and taught from
 * like any other (ADR 0037).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

async function consoleAsks(owner: UnansweredOwner, message: string, stream = false) {
  const res = await owner.client.post(
    `/api/agents/${owner.agentId}/test${stream ? '/stream' : ''}`,
    { message },
  );
  expect(res.status).toBe(200);
  return stream
    ? (parseSse(res.text).at(-1)!.data as { response: string }).response
    : (res.body as { response: string }).response;
}

describe('unanswered questions of the test console', () => {
  it('records a test question with its origin and no conversation, streamed or not, but not small talk', async () => {
    const owner = await ownerWithAgent(t);
    expect(await consoleAsks(owner, 'Vocês vendem bolo de aniversário?')).toContain(
      'Não tenho essa informação',
    );
    expect(await consoleAsks(owner, 'Oi, tudo bem?')).not.toContain('Não tenho essa informação');
    expect(await consoleAsks(owner, 'Tem estacionamento?', true)).toContain(
      'Não tenho essa informação',
    );
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
        origins: ['test'],
        conversationIds: [],
      },
      {
        id: expect.any(Number),
        agentId: owner.agentId,
        agentName: 'Padaria Pão Quente',
        question: 'Vocês vendem bolo de aniversário?',
        count: 1,
        lastAskedAt: expect.any(String),
        reasons: ['no-passage'],
        origins: ['test'],
        conversationIds: [],
      },
    ]);

    // Clearing the test chat clears the chat, not the questions it found missing.
    const cleared = await owner.client.delete(`/api/agents/${owner.agentId}/test/conversation`);
    expect(cleared.status).toBe(204);
    expect(await groupsOf(owner)).toEqual(groups);
    // Another owner sees none of it.
    const stranger = await ownerWithAgent(t);
    expect(await groupsOf(stranger)).toEqual([]);
  });

  it('groups a test question with a customer’s, linking only the customer’s conversation', async () => {
    const owner = await ownerWithAgent(t);
    const customer = await widgetAsks(t, owner, 'Vocês aceitam pix?');
    await consoleAsks(owner, 'vcs aceitam PIX??');
    expect(await groupsOf(owner)).toMatchObject([
      {
        question: 'vcs aceitam PIX??',
        count: 2,
        origins: ['customer', 'test'],
        conversationIds: [customer.conversationId],
      },
    ]);
  });

  it('teaches the answer from a test question: the console and the customers then get it', async () => {
    const owner = await ownerWithAgent(t);
    await consoleAsks(owner, 'Vocês fazem bolo sem glúten?');
    const [group] = await groupsOf(owner);
    expect(group).toMatchObject({ origins: ['test'], conversationIds: [] });
    const answered = await owner.client.post(`/api/analytics/unanswered/${group!.id}/answer`, {
      answer: 'Sim, fazemos bolo sem glúten por encomenda.',
    });
    expect(answered.status).toBe(201);
    expect(answered.body).toEqual({
      groupId: group!.id,
      documentId: expect.any(Number),
      documentName: 'Pergunta: Vocês fazem bolo sem glúten?',
    });
    expect(await groupsOf(owner)).toEqual([]);

    const again = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Vocês fazem bolo sem glúten?',
    });
    expect(again.body.response).toContain('Sim, fazemos bolo sem glúten por encomenda.');
    expect(again.body.citations).toEqual([
      expect.objectContaining({ documentId: answered.body.documentId }),
    ]);
    const customer = await widgetAsks(t, owner, 'vocês fazem bolo sem gluten?');
    expect(customer.reply).toContain('Sim, fazemos bolo sem glúten por encomenda.');
    // answered now: neither asked again is a new unanswered question
    expect(await groupsOf(owner)).toEqual([]);
  });
});
