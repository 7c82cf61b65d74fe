import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/subscriptions/create (before the payment provider is wired)', () => {
  it('requires a signed-in user', async () => {
    const res = await new HttpClient(t.baseUrl).post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: 'a@b.com',
      userName: 'A',
    });
    expect(res.status).toBe(401);
  });

  it('validates the plan', async () => {
    const { client } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/subscriptions/create', {
      planId: 'gold',
      userEmail: 'a@b.com',
      userName: 'A',
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ planId: ['Plano inválido'] });
  });

  it('says honestly that online checkout is not available, with no fake checkout link', async () => {
    const { client, user } = await signedInClient(t.baseUrl);
    const res = await client.post('/api/subscriptions/create', {
      planId: 'standard',
      userEmail: user.email,
      userName: user.name,
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('PAYMENTS_UNAVAILABLE');
    expect(res.body).not.toHaveProperty('init_point');
  });
});
