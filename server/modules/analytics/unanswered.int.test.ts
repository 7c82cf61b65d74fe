import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnansweredGroup } from '@common/schemas/analytics';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
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
} from '../whatsapp/pipeline/testing/pipeline-helpers';

/**
 * The reports' unanswered questions (issue 20), with the offline model (no provider configured):
 * a question the agent's knowledge does not cover, asked on the website widget and on WhatsApp,
 * is one group; a handoff is listed; greetings and the owner's test console are not; the owner's
 * answer becomes a knowledge entry the next customer's answer cites.
 */
let t: TestApp;
let s: SimulatorHandles;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' } });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(s, 300);
  await t?.close();
});

const newPhone = phoneNumbers(74000000);
const KNOWLEDGE =
  'Fazemos entregas no bairro Jardim América com taxa de R$ 5,00. ' +
  'Abrimos de segunda a sábado, das 7h às 19h.';

async function ownerWithAgent(plan = 'standard') {
  const owner = await signedInClient(t.baseUrl);
  await subscribeViaSandbox(owner.client, owner.user, plan);
  const res = await owner.client.post('/api/agents', {
    name: 'Padaria Pão Quente',
    systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
    knowledgeBase: plan === 'basico' ? null : KNOWLEDGE,
    status: 'active',
  });
  expect(res.status).toBe(201);
  const agentId = res.body.id as number;
  return { ...owner, agentId, key: await agentKeyOf(owner.client, agentId) };
}

type Owner = Awaited<ReturnType<typeof ownerWithAgent>>;

async function widgetAsks(owner: Owner, message: string, visitorId = newVisitor()) {
  const res = await publicVisitor(t.baseUrl).chatText(owner.key, { visitorId, message });
  expect(res.status).toBe(200);
  const conversation = (await conversationOf(t, owner.agentId, visitorId))!;
  return { reply: res.body.response as string, conversationId: conversation.id };
}

async function groupsOf(owner: Owner, query = ''): Promise<UnansweredGroup[]> {
  const res = await owner.client.get(`/api/analytics/unanswered${query}`);
  expect(res.status).toBe(200);
  return res.body as UnansweredGroup[];
}

describe('unanswered questions', () => {
  it('groups a question asked on the widget and on WhatsApp, and answering it teaches the agent', async () => {
    const owner = await ownerWithAgent();
    const first = await widgetAsks(owner, 'Vocês aceitam pix?');
    expect(first.reply).toContain('Não tenho essa informação');
    // small talk is not a question
    await widgetAsks(owner, 'Oi');
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'vcs aceitam PIX??', pushName: 'Ana' });
    const [whatsappReply] = await waitForReplies(s, line, phone, 1);
    expect(whatsappReply!.text).toContain('Não tenho essa informação');
    const whatsapp = (await conversationOf(t, owner.agentId, phone))!;
    const other = await widgetAsks(owner, 'Tem estacionamento?');
    // the owner's test console is not a customer
    const tested = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Vocês vendem bolo de aniversário?',
    });
    expect(tested.status).toBe(200);

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
    const next = await widgetAsks(owner, 'Vocês aceitam Pix?');
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
    expect((await groupsOf(owner)).map((g) => g.question)).toEqual(['Tem estacionamento?']);
  });

  it('lists a handoff with its reason', async () => {
    const owner = await ownerWithAgent();
    const { conversationId } = await widgetAsks(owner, 'Quero falar com um atendente');
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
    const owner = await ownerWithAgent();
    const asked = await Promise.all([
      widgetAsks(owner, 'Vocês fazem bolo sem glúten?'),
      widgetAsks(owner, 'vocês fazem bolo sem gluten?'),
    ]);
    const groups = await groupsOf(owner);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(2);
    expect([...groups[0]!.conversationIds].sort()).toEqual(
      asked.map((a) => a.conversationId).sort(),
    );
  });

  it('keeps owners apart and refuses bad input in Portuguese', async () => {
    const owner = await ownerWithAgent();
    await widgetAsks(owner, 'Tem wi-fi?');
    const [group] = await groupsOf(owner);
    const stranger = await ownerWithAgent();
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
    const owner = await ownerWithAgent('basico');
    await widgetAsks(owner, 'Vocês aceitam vale-refeição?');
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
