import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithSchedule } from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import {
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
 * Booking with no provider key: the offline agent answers a customer who asks to book
 * with its booking page, on every channel — the test console, the website and WhatsApp — and
 * answers everything else as before; an agent with nothing to book never sends a link.
 */
let t: TestApp;
let s: SimulatorHandles;
const newPhone = phoneNumbers(75200000);

beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' } });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

async function bookingUrlOf(owner: Awaited<ReturnType<typeof ownerWithSchedule>>) {
  const res = await owner.client.get(`/api/agents/${owner.agentId}/booking`);
  expect(res.status).toBe(200);
  return res.body.url as string;
}

describe('the offline agent and booking', () => {
  it('sends the booking page in the test console when asked to book, and only then', async () => {
    const owner = await ownerWithSchedule(t);
    const url = await bookingUrlOf(owner);
    expect(url).toMatch(/\/agendar\/salao-da-ana(-\d+)?$/);
    const asked = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Oi, quero agendar um corte amanhã',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.response).toBe(
      `Você pode escolher o serviço e o horário e agendar por aqui: ${url}`,
    );
    const other = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Qual o horário de funcionamento?',
    });
    expect(other.status).toBe(200);
    expect(other.body.response).not.toContain('/agendar/');
  });

  it('never sends a link for an agent with nothing to book', async () => {
    const owner = await signedInClient(t.baseUrl);
    const agent = await owner.client.post('/api/agents', {
      name: 'Padaria Sem Agenda',
      systemPrompt: 'Você atende a padaria.',
    });
    const res = await owner.client.post(`/api/agents/${agent.body.id}/test`, {
      message: 'Quero agendar um horário',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).not.toContain('/agendar/');
  });

  it('sends the booking page to a website visitor', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Barbearia do Zé' });
    const url = await bookingUrlOf(owner);
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl);
    const res = await visitor.chat(key, {
      visitorId: newVisitor(),
      message: 'Tem horário livre no sábado?',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain(url);
  });

  it('sends the booking page on WhatsApp', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Clínica Bem Estar' });
    const url = await bookingUrlOf(owner);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Boa tarde! Queria marcar uma consulta' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toContain(url);
  });
});
