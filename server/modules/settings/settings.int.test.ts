import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, MODEL_CATALOGUE } from '@common/models';
import { queryRows } from '../../db/client';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fake-openai';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  // The fake provider listens on loopback: a user-typed base URL may reach it only with this switch.
  t = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('profile', () => {
  it('saves name and email, with the field messages in Portuguese on bad input', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const bad = await client.put('/api/settings/profile', { name: '', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: ['Informe seu nome'],
      email: ['E-mail inválido'],
    });
    const res = await client.put('/api/settings/profile', {
      name: 'Joana Lima',
      email: 'JOANA@exemplo.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Joana Lima', email: 'joana@exemplo.com' });
    expect((await client.get('/api/user')).body.name).toBe('Joana Lima');
  });

  it('refuses an email another account uses', async () => {
    const first = await signedInClient(t.baseUrl);
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.put('/api/settings/profile', { name: 'X', email: first.user.email });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });
});

describe('password change', () => {
  it('validates with the field messages in Portuguese', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.put('/api/settings/password', {
      currentPassword: '',
      newPassword: '123',
      confirmPassword: '456',
    });
    expect(res.body.fieldErrors).toEqual({
      currentPassword: ['Informe a senha atual'],
      newPassword: ['A senha precisa ter pelo menos 6 caracteres'],
      confirmPassword: ['As senhas não coincidem'],
    });
  });

  it('requires the right current password', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.put('/api/settings/password', {
      currentPassword: 'errada99',
      newPassword: 'nova-senha',
      confirmPassword: 'nova-senha',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ currentPassword: ['A senha atual está incorreta.'] });
  });

  it('changes the password, keeps this session and signs the others out', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const elsewhere = new HttpClient(t.baseUrl);
    await elsewhere.post('/api/login', { username: user.username, password: user.password });
    expect((await elsewhere.get('/api/user')).status).toBe(200);
    const res = await client.put('/api/settings/password', {
      currentPassword: user.password,
      newPassword: 'nova-senha',
      confirmPassword: 'nova-senha',
    });
    expect(res.status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).body).toBeNull();
    const login = await new HttpClient(t.baseUrl).post('/api/login', {
      username: user.username,
      password: 'nova-senha',
    });
    expect(login.status).toBe(200);
  });
});

describe('provider settings', () => {
  it('starts offline, requires a key, stores it encrypted and never returns it', async () => {
    const { client, id } = await signedInClient(t.baseUrl);
    expect((await client.get('/api/settings/provider')).body).toMatchObject({
      active: 'offline',
      hasKey: false,
      maskedKey: null,
      defaultModel: 'gpt-4o-mini',
      temperature: 0.7,
      // offline there is no embedding model, whatever the database can do
      retrieval: 'lexical',
    });
    const missing = await client.put('/api/settings/provider', { defaultModel: 'gpt-4' });
    expect(missing.body.fieldErrors).toEqual({ apiKey: ['Informe a chave da OpenAI'] });
    const badModel = await client.put('/api/settings/provider', {
      apiKey: 'sk-x',
      defaultModel: '  ',
      temperature: 3,
    });
    expect(badModel.body.fieldErrors).toEqual({
      defaultModel: ['Escolha um modelo de IA'],
      temperature: ['A criatividade das respostas deve ficar entre 0 e 2'],
    });

    const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz';
    const saved = await client.put('/api/settings/provider', {
      apiKey: key,
      baseUrl: fake.url,
      defaultModel: 'gpt-4',
      temperature: 1.2,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      active: 'user',
      hasKey: true,
      maskedKey: 'sk-p••••wxyz',
      defaultModel: 'gpt-4',
      retrieval: t.ctx.capabilities.vector ? 'hybrid' : 'lexical',
    });
    expect(saved.text).not.toContain(key);
    expect((await client.get('/api/settings/provider')).text).not.toContain(key);
    const [row] = await queryRows<{ api_key_encrypted: string }>(
      t.database.db,
      sql`SELECT api_key_encrypted FROM provider_credentials WHERE user_id = ${id}`,
    );
    expect(row!.api_key_encrypted).not.toContain(key);
    expect(row!.api_key_encrypted.startsWith('v1.')).toBe(true);

    // saving again without a key keeps the stored one
    const again = await client.put('/api/settings/provider', { defaultModel: 'llama3.1:8b' });
    expect(again.body).toMatchObject({ hasKey: true, defaultModel: 'llama3.1:8b' });
    const cleared = await client.put('/api/settings/provider', { clearKey: true });
    expect(cleared.body).toMatchObject({ active: 'offline', hasKey: false, retrieval: 'lexical' });
  });

  it('the user’s own key wins: test chats go to their provider', async () => {
    const { client } = await signedInClient(t.baseUrl);
    await client.put('/api/settings/provider', { apiKey: 'user-key', baseUrl: fake.url });
    const agent = (
      await client.post('/api/agents', { name: 'A', systemPrompt: 'P', model: 'gpt-4o' })
    ).body;
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Olá provedor' });
    expect(res.body).toMatchObject({ response: 'eco: Olá provedor', offline: false });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer user-key');
  });

  it('saves a local server by its address alone (no key) and removing it returns to offline', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const saved = await client.put('/api/settings/provider', { baseUrl: fake.url });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ active: 'user', hasKey: false, baseUrl: fake.url });
    const agent = (
      await client.post('/api/agents', { name: 'A', systemPrompt: 'P', model: 'gpt-4o' })
    ).body;
    const res = await client.post(`/api/agents/${agent.id}/test`, { message: 'Olá local' });
    expect(res.body).toMatchObject({ response: 'eco: Olá local', offline: false });
    const removed = await client.put('/api/settings/provider', { clearKey: true });
    expect(removed.body).toMatchObject({ active: 'offline', baseUrl: null });
  });

  it('tests the connection by listing models, and reports a refused key', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const ok = await client.post('/api/settings/provider/test', {
      apiKey: 'test-key',
      baseUrl: fake.url,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.models).toContain('gpt-4o');
    const refused = await client.post('/api/settings/provider/test', {
      apiKey: 'wrong',
      baseUrl: fake.url,
    });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('PROVIDER_AUTH');
    const nothing = await client.post('/api/settings/provider/test', {});
    expect(nothing.body.code).toBe('PROVIDER_NOT_CONFIGURED');
  });
});

describe('provider base URL and the SSRF guard', () => {
  it('refuses a loopback base URL when private addresses are not allowed', async () => {
    const guarded = await startTestApp();
    try {
      const { client } = await signedInClient(guarded.baseUrl);
      const before = fake.requests.length;
      const res = await client.post('/api/settings/provider/test', {
        apiKey: 'test-key',
        baseUrl: fake.url,
      });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('PROVIDER_UNREACHABLE');
      expect(fake.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe('GET /api/settings/models', () => {
  const catalogue = MODEL_CATALOGUE.map((model) => model.id);

  it('without an own provider: the catalogue and its one default', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.get('/api/settings/models');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      source: 'catalogue',
      models: catalogue,
      defaultModel: DEFAULT_MODEL,
      note: null,
    });
    expect(catalogue).toContain(DEFAULT_MODEL);
    const anonymous = await new HttpClient(t.baseUrl).get('/api/settings/models');
    expect(anonymous.status).toBe(401);
  });

  it('with an own provider: its chat models, asked once while cached, again after a save', async () => {
    const { client } = await signedInClient(t.baseUrl);
    fake.knownModels = ['llama3.1:8b', 'gpt-4o-mini', 'text-embedding-3-small', 'whisper-1'];
    try {
      await client.put('/api/settings/provider', {
        apiKey: 'user-key',
        baseUrl: fake.url,
        defaultModel: 'llama3.1:8b',
      });
      const asked = () => fake.requests.filter((r) => r.path === '/v1/models').length;
      const before = asked();
      const res = await client.get('/api/settings/models');
      expect(res.body).toEqual({
        source: 'provider',
        models: ['gpt-4o-mini', 'llama3.1:8b'],
        defaultModel: 'llama3.1:8b',
        note: null,
      });
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer user-key');
      await client.get('/api/settings/models');
      expect(asked()).toBe(before + 1);

      // A new save forgets the list: the next picker sees the provider's current one.
      fake.knownModels = ['qwen2.5:7b'];
      await client.put('/api/settings/provider', {
        baseUrl: fake.url,
        defaultModel: 'llama3.1:8b',
      });
      const changed = await client.get('/api/settings/models');
      expect(changed.body).toMatchObject({ models: ['qwen2.5:7b'], defaultModel: 'qwen2.5:7b' });
      expect(asked()).toBe(before + 2);
    } finally {
      fake.knownModels = [...catalogue, 'gpt-4', 'gpt-3.5-turbo'];
    }
  });

  it('a provider that fails: the catalogue, with a note saying why', async () => {
    const { client } = await signedInClient(t.baseUrl);
    await client.put('/api/settings/provider', { apiKey: 'user-key', baseUrl: fake.url });
    fake.modelsStatus = 500;
    try {
      const res = await client.get('/api/settings/models');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        source: 'catalogue',
        models: catalogue,
        defaultModel: DEFAULT_MODEL,
        note: 'providerFailed',
      });
    } finally {
      fake.modelsStatus = null;
    }
    // A refused key is a failure like any other.
    const other = await signedInClient(t.baseUrl);
    await other.client.put('/api/settings/provider', { apiKey: 'wrong', baseUrl: fake.url });
    expect((await other.client.get('/api/settings/models')).body.note).toBe('providerFailed');
  });

  it('goes through the outbound guard: a loopback address is never asked without the switch', async () => {
    const guarded = await startTestApp();
    try {
      const { client } = await signedInClient(guarded.baseUrl);
      // Saving does not call the provider; only the list does, through the guard.
      await client.put('/api/settings/provider', { apiKey: 'user-key', baseUrl: fake.url });
      const before = fake.requests.length;
      const res = await client.get('/api/settings/models');
      expect(res.body).toMatchObject({ source: 'catalogue', note: 'providerFailed' });
      expect(fake.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});
