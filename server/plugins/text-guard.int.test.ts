import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { subscribeViaSandbox } from '../test/billing-helpers';
import { startTestApp, type TestApp } from '../test/harness';
import { HttpClient, newUser, signedInClient } from '../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../test/webchat-helpers';

/**
 * Text PostgreSQL cannot store (a NUL, a lone surrogate) on the anonymous routes where it gave a
 * 500: refused with 400 and a message in the reader's language, before anything is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const PT_MESSAGE =
  'Contém caracteres que não podem ser gravados (como o caractere nulo). Apague-os e tente de novo.';

const count = async (table: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
    )
  )[0]!.n;

describe('NUL and lone surrogates', () => {
  it('sign-in and registration refuse them per field, in pt-BR and English, storing no user', async () => {
    const users = await count('users');
    const login = await new HttpClient(t.baseUrl).post('/api/login', {
      username: 'maria\u0000',
      password: 'segredo123',
    });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({
      message: PT_MESSAGE,
      code: 'VALIDATION',
      fieldErrors: { username: [PT_MESSAGE] },
    });
    const register = await new HttpClient(t.baseUrl).post(
      '/api/register',
      newUser({ name: 'Maria \ud800' }),
      { headers: { 'accept-language': 'en' } },
    );
    expect(register.status).toBe(400);
    expect(register.body.fieldErrors).toEqual({
      name: [
        'Contains characters that cannot be stored (such as the null character). Remove them and try again.',
      ],
    });
    expect(await count('users')).toBe(users);
  });

  it('the consultoria contact form refuses them and stores nothing', async () => {
    const before = await count('contact_requests');
    const res = await new HttpClient(t.baseUrl).post('/api/contact-requests', {
      planId: 'consultoria',
      name: 'Ana',
      email: 'ana@loja.com.br',
      phone: '+55 11 98888-7777',
      message: 'Temos\u0000 3 lojas',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ message: [PT_MESSAGE] });
    expect(await count('contact_requests')).toBe(before);
  });

  it('the widget chat refuses them before a conversation is created, in JSON and text/plain alike', async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user);
    const agent = await owner.client.post('/api/agents', {
      name: 'Padaria',
      systemPrompt: 'Você atende clientes da padaria.',
      status: 'active',
    });
    const key = await agentKeyOf(owner.client, agent.body.id);
    const visitor = publicVisitor(t.baseUrl);
    const before = await count('conversations');
    const json = await visitor.chat(key, { visitorId: newVisitor(), message: 'Oi\u0000' });
    const text = await visitor.chatText(key, { visitorId: newVisitor(), message: '\udc00' });
    for (const res of [json, text]) {
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ message: [PT_MESSAGE] });
    }
    expect(await count('conversations')).toBe(before);
  });

  it('the simulator refuses them in its paths and bodies with the app’s error body', async () => {
    const owner = await signedInClient(t.baseUrl);
    const path = await owner.client.get('/simulator/evolution/_sim/abc%00def');
    expect(path.status).toBe(400);
    expect(path.body).toMatchObject({ code: 'VALIDATION', message: PT_MESSAGE });
    const body = await new HttpClient(t.baseUrl).post('/simulator/evolution/instance/create', {
      instanceName: 'x\u0000',
    });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe('VALIDATION');
  });

  it('refuses nesting deeper than any payload of ours', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await new HttpClient(t.baseUrl).request('POST', '/api/login', {
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Os dados enviados estão aninhados demais.');
  });
});
