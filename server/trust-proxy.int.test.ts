import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from './modules/auth';
import { WEBCHAT_LIMITS } from './modules/webchat';
import { agentKeyOf } from './test/webchat-helpers';
import { subscribeViaSandbox } from './test/billing-helpers';
import { HttpClient, signedInClient } from './test/http-client';
import { startTestApp, type TestApp } from './test/harness';

/**
 * Every test client connects from 127.0.0.1 and claims another address in X-Forwarded-For. Only a
 * trusted proxy's claim may count: otherwise one host gets a fresh budget per header value.
 */
const PAIR_FAILURES = SIGN_IN_LIMITS.perUsernameAndAddress.failures;

let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

describe.each([
  { trustProxy: undefined, trusted: false },
  { trustProxy: '127.0.0.1', trusted: true },
  { trustProxy: '1', trusted: true },
])('TRUST_PROXY=$trustProxy', ({ trustProxy, trusted }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobs: true, env: trustProxy ? { TRUST_PROXY: trustProxy } : {} });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, forwardedFor: string) =>
    new HttpClient(t.baseUrl).post(
      '/api/login',
      { username, password: 'senha-errada' },
      { headers: { 'x-forwarded-for': forwardedFor } },
    );

  it(`rotating X-Forwarded-For ${trusted ? 'gives' : 'does not give'} each claimed address its own sign-in count`, async () => {
    const { user } = await signedInClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i <= PAIR_FAILURES; i++) {
      statuses.push((await login(user.username, nextAddress())).status);
    }
    expect(statuses.slice(0, PAIR_FAILURES)).toEqual(Array(PAIR_FAILURES).fill(401));
    expect(statuses[PAIR_FAILURES]).toBe(trusted ? 401 : 429);
  });

  it(`X-Forwarded-Proto ${trusted ? 'marks' : 'does not mark'} the session cookie Secure`, async () => {
    const { user } = await signedInClient(t.baseUrl);
    const res = await new HttpClient(t.baseUrl).post(
      '/api/login',
      { username: user.username, password: user.password },
      {
        headers: { 'x-forwarded-proto': 'https' },
        origin: trusted ? t.baseUrl.replace('http:', 'https:') : t.baseUrl,
      },
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((v) => v.startsWith('sid='));
    expect(/;\s*Secure/i.test(cookie ?? '')).toBe(trusted);
  });

  it('a forged address left of the one the proxy appended does not escape', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i <= PAIR_FAILURES; i++) {
      statuses.push((await login(user.username, `${nextAddress()}, 198.51.100.5`)).status);
    }
    expect(statuses[PAIR_FAILURES]).toBe(429);
  });

  it(`rotating X-Forwarded-For ${trusted ? 'gives' : 'does not give'} each claimed address its own widget chat budget`, async () => {
    const owner = await signedInClient(t.baseUrl);
    await subscribeViaSandbox(owner.client, owner.user);
    const created = await owner.client.post('/api/agents', {
      name: 'Padaria Pão Quente',
      systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
      status: 'active',
    });
    expect(created.status).toBe(201);
    const key = await agentKeyOf(owner.client, created.body.id);
    const chat = (visitor: number) =>
      new HttpClient(t.baseUrl).post(
        `/api/public/agents/${key}/chat`,
        // an empty message is counted, then refused: the limit is reached without the model
        { visitorId: `visitante-${visitor}-xxxxxxxxxxxxxxxx`, message: '' },
        { origin: 'https://www.loja.com.br', headers: { 'x-forwarded-for': nextAddress() } },
      );
    for (let i = 0; i < WEBCHAT_LIMITS.ipPerMinute; i++) {
      expect((await chat(i)).status).toBe(400);
    }
    const next = await chat(WEBCHAT_LIMITS.ipPerMinute);
    expect(next.status).toBe(trusted ? 400 : 429);
  });
});
