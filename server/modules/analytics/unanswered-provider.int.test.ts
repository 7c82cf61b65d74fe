import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnansweredGroup } from '@common/schemas/analytics';
import { subscribeViaSandbox } from '../../test/billing-helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';

/**
 * Unanswered questions with a real model (an OpenAI-compatible fake): the model says it does not
 * know by calling the built-in `report_missing_information` tool, then answers the customer; a
 * reply without it is an answer. The owner's answer is searchable at once, embeddings included
 * where the database has pgvector.
 */
let t: TestApp;
let ai: FakeOpenAI;
beforeAll(async () => {
  ai = await startFakeOpenAI();
  t = await startTestApp({
    jobs: true,
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: ai.url, TRUST_PROXY: '127.0.0.1' },
  });
});
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

const NOT_KNOWN = 'Não tenho essa informação, posso chamar alguém da equipe.';

describe('unanswered questions with a real model', () => {
  it('records what the model reports it does not know, and not what it answers', async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user);
    const created = await owner.client.post('/api/agents', {
      name: 'Padaria',
      systemPrompt: 'Você atende a padaria.',
      knowledgeBase: 'Fazemos entregas no bairro Jardim América com taxa de R$ 5,00.',
      status: 'active',
    });
    const agentId = created.body.id as number;
    const key = await agentKeyOf(owner.client, agentId);
    ai.answer = (request) => {
      const question = JSON.stringify(request.messages.at(-1)?.content);
      if (request.messages.some((m) => m.role === 'tool')) return { text: NOT_KNOWN };
      if (question.includes('domingo'))
        return { toolCall: { name: 'report_missing_information', arguments: {} } };
      return { text: 'Entregamos no Jardim América por R$ 5,00.' };
    };
    const visitor = publicVisitor(t.baseUrl);
    const unknown = await visitor.chatText(key, {
      visitorId: newVisitor(),
      message: 'Vocês fazem entregas no domingo?',
    });
    expect(unknown.body.response).toBe(NOT_KNOWN);
    const known = await visitor.chatText(key, {
      visitorId: newVisitor(),
      message: 'Vocês fazem entregas no Jardim América?',
    });
    expect(known.body.response).toBe('Entregamos no Jardim América por R$ 5,00.');
    const tools = ai.chatRequests[0]!.tools!.map((tool) => tool.function.name);
    expect(tools).toContain('report_missing_information');

    const listed = await owner.client.get('/api/analytics/unanswered');
    const groups = listed.body as UnansweredGroup[];
    // the knowledge had a passage on deliveries: the model, not the search, did not know
    expect(groups).toMatchObject([
      { question: 'Vocês fazem entregas no domingo?', count: 1, reasons: ['unknown'] },
    ]);

    const answered = await owner.client.post(`/api/analytics/unanswered/${groups[0]!.id}/answer`, {
      answer: 'Aos domingos não entregamos.',
    });
    expect(answered.status).toBe(201);
    const searched = await owner.client.get(
      `/api/agents/${agentId}/knowledge/search?q=${encodeURIComponent('entregam domingo')}`,
    );
    expect(searched.status).toBe(200);
    expect(searched.body.results).toContainEqual(
      expect.objectContaining({
        documentId: answered.body.documentId,
        // chunks keep the taught entry's two lines
        content:
          'Pergunta: Vocês fazem entregas no domingo?\nResposta: Aos domingos não entregamos.',
      }),
    );
    const documents = await owner.client.get(`/api/agents/${agentId}/documents`);
    const document = (documents.body as { id: number; indexMode: string }[]).find(
      (d) => d.id === answered.body.documentId,
    );
    expect(document?.indexMode).toBe(t.ctx.capabilities.vector ? 'hybrid' : 'lexical');
  });
});
