import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { newOwner } from '../pipeline/testing/pipeline-helpers';

/**
 * With no Meta app configured, the built-in simulator plays Meta: the WhatsApp tab offers the
 * simulated signup, whose code the connect route exchanges like Meta's, and the number is
 * registered and connected with no Meta account. Outside that mode the route does not exist.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { WHATSAPP_TYPING_DELAY_MS: '0' } });
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

  it('plays the customer’s phone and the Business app: the agent answers, the owner’s echo pauses it', async () => {
    const owner = await newOwner(t, { plan: 'multi' });
    const signup = await owner.client.post('/api/whatsapp/cloud/simulator/signup', {
      agentId: owner.agentId,
      coexistence: true,
    });
    const { code, wabaId } = signup.body as Record<string, string>;
    const connected = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
      code,
      wabaId,
      coexistence: true,
    });
    expect(connected.status, connected.text).toBe(201);
    const pnid = (connected.body as { cloud: { phoneNumberId: string } }).cloud.phoneNumberId;
    const numbers = await owner.client.get('/api/whatsapp/cloud/simulator/numbers');
    expect(numbers.body).toEqual([
      expect.objectContaining({ phoneNumberId: pnid, agentId: owner.agentId, coexistence: true }),
    ]);
    const chat = `/api/whatsapp/cloud/simulator/numbers/${pnid}/chats/5511976543210`;
    const wrote = await owner.client.post(`${chat}/messages`, { text: 'Oi, que horas abre?' });
    expect(wrote.status, wrote.text).toBe(200);
    type Shown = { from: string; text: string };
    const shown = async () =>
      ((await owner.client.get(chat)).body as { messages: Shown[] }).messages;
    await waitFor(async () => (await shown()).some((m) => m.from === 'business'), 'the answer');
    const app = await owner.client.post(`${chat}/business-app`, { text: 'Oi! Aqui é a dona.' });
    expect(app.status, app.text).toBe(200);
    await waitFor(async () => {
      const res = await owner.client.get('/api/conversations');
      const items = (res.body as { items?: { bot: { state: string } }[] }).items ?? [];
      return items.some((c) => c.bot.state === 'paused');
    }, 'the bot paused');
    const messages = await shown();
    expect(messages.map((m) => m.from)).toEqual(['customer', 'business', 'business-app']);
    // another owner sees nothing of this number
    const other = await newOwner(t, { plan: 'multi' });
    expect((await other.client.get(chat)).status).toBe(404);
    expect((await other.client.get('/api/whatsapp/cloud/simulator/numbers')).body).toEqual([]);
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
