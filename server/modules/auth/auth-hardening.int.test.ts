import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, newUser, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

/** Trusts the test client as a proxy, so a test can stand for another client address. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits', () => {
  // Sign-in limits: sign-in-limits.int.test.ts.
  it('limits registrations per client address', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.99' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await new HttpClient(t.baseUrl).post('/api/register', newUser(), { headers });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await new HttpClient(t.baseUrl).post('/api/register', newUser(), { headers });
    expect(refused.body.message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ minutos? e tente novamente\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
  });
});

describe('CSRF: Origin check on state-changing calls', () => {
  it('refuses a POST without Origin or Referer', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/register', newUser(), { origin: null });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      message: 'Requisição recusada: origem não permitida.',
      code: 'FORBIDDEN_ORIGIN',
    });
  });

  it('refuses a POST from another site, even with a valid session', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('accepts a same-origin Referer when Origin is absent', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/register', newUser(), {
      origin: null,
      headers: { referer: `${t.baseUrl}/auth` },
    });
    expect(res.status).toBe(201);
  });
});

describe('uniform JSON errors', () => {
  it('malformed JSON is a 400', async () => {
    const res = await new HttpClient(t.baseUrl).request('POST', '/api/login', {
      body: '{"username": "maria"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'O corpo da requisição não é um JSON válido.',
      code: 'BAD_JSON',
    });
  });

  it('an oversized body is a 413', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/login', {
      username: 'x'.repeat(2 * 1024 * 1024),
      password: 'y',
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unknown /api path is a 404 JSON', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/does-not-exist', {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await new HttpClient(t.baseUrl).get('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('health', () => {
  it('reports liveness and readiness with the database capabilities', async () => {
    const c = new HttpClient(t.baseUrl);
    expect((await c.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await c.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: t.database.kind });
    expect(ready.body.retrieval).toBe(ready.body.vector ? 'hybrid' : 'lexical');
  });
});

describe('persistence', () => {
  it('keeps accounts and sessions across a server restart', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    await t.restart();
    const again = new HttpClient(t.baseUrl);
    again.cookies.set('sid', client.cookies.get('sid')!);
    const me = await again.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
    const login = await new HttpClient(t.baseUrl).post('/api/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.status).toBe(200);
  });
});
