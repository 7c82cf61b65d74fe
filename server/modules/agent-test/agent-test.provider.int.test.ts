import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseSse, startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let fake: FakeOpenAI;
const defaultAnswer = (request: Parameters<FakeOpenAI['answer']>[0]) => ({
  text: `eco: ${String(request.messages.at(-1)?.content)}`,
});

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.answer = defaultAnswer;
  fake.chatRequests.length = 0;
});

async function newAgent(fields: Record<string, unknown> = {}) {
  const owner = await signedInClient(t.baseUrl);
  const agent = (
    await owner.client.post('/api/agents', {
      name: 'Clínica Sorriso',
      systemPrompt: 'Você agenda consultas da Clínica Sorriso.',
      knowledgeBase: 'Atendemos de segunda a sexta, das 9h às 19h.',
      model: 'gpt-4o-mini',
      temperature: 0.3,
      maxTokens: 512,
      topP: 0.9,
      language: 'pt',
      ...fields,
    })
  ).body;
  return { ...owner, agent };
}

describe('POST /api/agents/{id}/test against an OpenAI-compatible provider', () => {
  it('sends the agent’s model, temperature, max tokens, top-p and assembled system prompt', async () => {
    const { client, agent } = await newAgent();
    const res = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Vocês abrem sábado?',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      response: 'eco: Vocês abrem sábado?',
      offline: false,
      provider: 'openai',
      model: 'gpt-4o-mini',
      usage: { inputTokens: 42, outputTokens: 7 },
    });
    const request = fake.chatRequests[0]!;
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.temperature).toBe(0.3);
    expect(request.max_tokens ?? request.max_completion_tokens).toBe(512);
    expect(request.top_p).toBe(0.9);
    const system = request.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Você agenda consultas da Clínica Sorriso.');
    expect(system.content).toContain('Atendemos de segunda a sexta, das 9h às 19h.');
    expect(system.content).toContain('diga com honestidade que não tem essa informação');
    expect(
      fake.requests.find((r) => r.path === '/v1/chat/completions')!.headers.authorization,
    ).toBe('Bearer test-key');
  });

  it('remembers the conversation: the second turn carries the first', async () => {
    const { client, agent } = await newAgent();
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Meu nome é Ana' });
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Qual é o meu nome?' });
    const second = fake.chatRequests[1]!;
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second.messages[1]!.content).toBe('Meu nome é Ana');
  });

  it('runs the calculator tool when the agent enables it, and round-trips the result', async () => {
    const { client, agent } = await newAgent({ tools: ['calculator'] });
    fake.answer = (request, index) =>
      index === 0
        ? { toolCall: { name: 'calculator', arguments: { expression: '3 * 49.9' } } }
        : { text: `O total é ${JSON.stringify(request.messages.at(-1)!.content)}` };
    const res = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Quanto custam 3 a 49,90?',
    });
    expect(res.status).toBe(200);
    expect(fake.chatRequests[0]!.tools!.map((tool) => tool.function.name)).toEqual([
      'calculator',
      'transfer_to_human',
      'report_missing_information',
    ]);
    const toolMessage = fake.chatRequests[1]!.messages.find((m) => m.role === 'tool')!;
    expect(String(toolMessage.content)).toContain('149.7');
    expect(res.body.response).toContain('149.7');
  });

  it('offers only the built-in handoff and missing-information tools when the agent enables none', async () => {
    const { client, agent } = await newAgent();
    await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' });
    expect(fake.chatRequests[0]!.tools!.map((tool) => tool.function.name)).toEqual([
      'transfer_to_human',
      'report_missing_information',
    ]);
  });

  it('shows that the agent would hand over when the model calls the handoff tool', async () => {
    const { client, agent } = await newAgent();
    await client.put(`/api/agents/${agent.id}`, { handoffMessage: 'Já chamo a Dona Maria!' });
    fake.answer = (request) =>
      request.messages.some((m) => m.role === 'tool')
        ? { text: 'não deveria ser pedido' }
        : { toolCall: { name: 'transfer_to_human', arguments: { reason: 'pediu uma pessoa' } } };
    const before = fake.chatRequests.length;
    const res = await client.post(`/api/agents/${agent.id}/test`, {
      message: 'Preciso resolver um problema com o meu pedido',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: 'Já chamo a Dona Maria!', handoff: true });
    // The model is not asked again after the handoff: its message is the reply.
    expect(fake.chatRequests.length - before).toBe(1);
    const streamed = await client.request('POST', `/api/agents/${agent.id}/test/stream`, {
      json: { message: 'de novo' },
    });
    expect(streamed.text).toContain('Já chamo a Dona Maria!');
    expect(streamed.text).toContain('"handoff":true');
  });

  it('streams the provider’s reply', async () => {
    const { client, agent } = await newAgent();
    fake.answer = () => ({ text: 'Atendemos de segunda a sexta.' });
    const res = await client.post(`/api/agents/${agent.id}/test/stream`, { message: 'Horário?' });
    const events = parseSse(res.text);
    expect(fake.chatRequests[0]!.stream).toBe(true);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Atendemos de segunda a sexta.');
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { response: 'Atendemos de segunda a sexta.', offline: false },
    });
  });

  it('turns a model the provider does not know into a clear error', async () => {
    const { client, agent } = await newAgent({ model: 'gpt-9-ultra' });
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'MODEL_UNAVAILABLE',
      message:
        'O modelo "gpt-9-ultra" não está disponível no provedor de IA configurado. Escolha outro modelo no agente.',
    });
    const streamed = await client.post(`/api/agents/${agent.id}/test/stream`, { message: 'Oi' });
    expect(parseSse(streamed.text).at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'MODEL_UNAVAILABLE' },
    });
  });

  it('retries provider errors with backoff and succeeds', async () => {
    const { client, agent } = await newAgent();
    fake.answer = (_request, index) => (index < 2 ? { status: 500 } : { text: 'finalmente' });
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe('finalmente');
    expect(fake.chatRequests).toHaveLength(3);
  });

  it('returns a clean error when the provider keeps failing', async () => {
    const { client, agent } = await newAgent();
    fake.answer = () => ({ status: 500, error: 'internal secret stack' });
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Oi' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      code: 'PROVIDER_FAILED',
      message: 'O provedor de IA não respondeu corretamente. Tente novamente em instantes.',
    });
    expect(res.text).not.toContain('secret');
  });
});
