import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { newOwner } from '../pipeline/testing/pipeline-helpers';

/**
 * With no Meta app configured, the built-in simulator plays Meta: the WhatsApp tab offers the
 * simulated signup, whose code the connect route exchanges like Meta's, and the number is
 * registered and connected with no Meta account. Outside that mode the route does not exist.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: false });
});
afterAll(() => t?.close());

describe('the built-in Cloud API simulator', () => {
  it('connects an agent through a simulated Embedded Signup, new number or coexistence', async () => {
    for (const coexistence of [false, true]) {
      const owner = await newOwner(t, { plan: 'multi' });
      const view = await owner.client.get(`/api/agents/${owner.agentId}/whatsapp`);
      expect(view.body).toMatchObject({
        channel: null,
        cloudOffer: { allowed: true, signup: null, simulator: true },
      });
      const signup = await owner.client.post('/api/whatsapp/cloud/simulator/signup', {
        agentId: owner.agentId,
        coexistence,
      });
      expect(signup.status, signup.text).toBe(200);
      const { code, wabaId, phoneNumberId, event } = signup.body as Record<string, string | null>;
      expect(event).toBe(coexistence ? 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' : 'FINISH');
      const res = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
        code,
        wabaId,
        ...(phoneNumberId ? { phoneNumberId } : {}),
        coexistence,
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        channel: 'cloud',
        cloud: { status: 'connected', coexistence, verifiedName: 'Atendente' },
      });
    }
  });

  it('refuses another owner’s agent and a signed-out caller', async () => {
    const owner = await newOwner(t, { plan: 'multi' });
    const other = await newOwner(t, { plan: 'multi' });
    const foreign = await other.client.post('/api/whatsapp/cloud/simulator/signup', {
      agentId: owner.agentId,
      coexistence: false,
    });
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}/api/whatsapp/cloud/simulator/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ agentId: owner.agentId }),
    });
    expect(anonymous.status).toBe(401);
  });
});
