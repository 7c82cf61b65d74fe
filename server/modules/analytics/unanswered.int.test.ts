import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { groupsOf, ownerWithAgent, widgetAsks } from '../../test/unanswered-helpers';

/**
 * The reports' unanswered questions on the website widget, with the offline model: a
 * handoff is listed, the same question asked twice at once is one group, owners are kept apart,
 * bad input is refused in Portuguese, and a plan without a knowledge base cannot answer. (Both
 * channels in one group, and the answer taught: whatsapp/pipeline/unanswered.int.test.ts.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

describe('unanswered questions', () => {
  it('lists a handoff with its reason', async () => {
    const owner = await ownerWithAgent(t);
    const { conversationId } = await widgetAsks(t, owner, 'Quero falar com um atendente');
    expect(await groupsOf(owner)).toMatchObject([
      {
        question: 'Quero falar com um atendente',
        count: 1,
        reasons: ['handoff'],
        conversationIds: [conversationId],
      },
    ]);
  });

  it('makes one group of the same question asked twice at once', async () => {
    const owner = await ownerWithAgent(t);
    const asked = await Promise.all([
      widgetAsks(t, owner, 'Vocês fazem bolo sem glúten?'),
      widgetAsks(t, owner, 'vocês fazem bolo sem gluten?'),
    ]);
    const groups = await groupsOf(owner);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(2);
    expect([...groups[0]!.conversationIds].sort()).toEqual(
      asked.map((a) => a.conversationId).sort(),
    );
  });

  it('keeps owners apart and refuses bad input in Portuguese', async () => {
    const owner = await ownerWithAgent(t);
    await widgetAsks(t, owner, 'Tem wi-fi?');
    const [group] = await groupsOf(owner);
    const stranger = await ownerWithAgent(t);
    expect(await groupsOf(stranger)).toEqual([]);
    const foreignList = await stranger.client.get(
      `/api/analytics/unanswered?agentId=${owner.agentId}`,
    );
    expect(foreignList.status).toBe(404);
    const foreign = await stranger.client.post(`/api/analytics/unanswered/${group!.id}/answer`, {
      answer: 'Não temos.',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      code: 'UNANSWERED_NOT_FOUND',
      message: 'Pergunta não encontrada.',
    });
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await owner.client.post(`/api/analytics/unanswered/${id}/answer`, {
        answer: 'x',
      });
      expect(res.status).toBe(404);
    }
    const empty = await owner.client.post(`/api/analytics/unanswered/${group!.id}/answer`, {
      answer: '   ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ answer: ['Escreva a resposta.'] });
    const long = await owner.client.post(`/api/analytics/unanswered/${group!.id}/answer`, {
      answer: 'a'.repeat(4001),
    });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({
      answer: ['A resposta pode ter no máximo 4.000 caracteres.'],
    });
    for (const body of [{}, { answer: 42 }, [], 'texto']) {
      const res = await owner.client.post(`/api/analytics/unanswered/${group!.id}/answer`, body);
      expect(res.status).toBe(400);
    }
    for (const query of ['?agentId=abc', '?agentId=-3', '?agentId=1.5']) {
      const res = await owner.client.get(`/api/analytics/unanswered${query}`);
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ agentId: ['Agente inválido.'] });
    }
    // nothing above answered it
    expect((await groupsOf(owner)).map((g) => g.id)).toEqual([group!.id]);
  });

  it('says the plan has no knowledge base when the owner answers on Básico', async () => {
    const owner = await ownerWithAgent(t, 'basico');
    await widgetAsks(t, owner, 'Vocês aceitam vale-refeição?');
    const [group] = await groupsOf(owner);
    expect(group).toMatchObject({ count: 1, reasons: ['unknown'] });
    const res = await owner.client.post(`/api/analytics/unanswered/${group!.id}/answer`, {
      answer: 'Aceitamos.',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PLAN_NO_KNOWLEDGE_BASE');
    expect(res.body.message).toContain('não inclui base de conhecimento');
    expect((await groupsOf(owner)).map((g) => g.id)).toEqual([group!.id]);
  });
});
