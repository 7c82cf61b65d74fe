import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { dayAhead, ownerWithSchedule, spAt } from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient } from '../../test/http-client';
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
 * A contact's appointments are theirs in the LGPD sense: the export lists them, the
 * erasure deletes them with the rest — and another customer's stay (app.ts wires the appointments
 * module into the contacts' hooks). The contact's detail shows them, and a booking made on the
 * public page is a channel of theirs.
 */
let t: TestApp;
let s: SimulatorHandles;
const newPhone = phoneNumbers(75400000);

beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { ...FAST_PIPELINE_ENV } });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

it('exports a contact’s appointments and erases them with the contact, no one else’s', async () => {
  const owner = await ownerWithSchedule(t, { capacity: 2 });
  const line = await createLine(t, s, owner.agentId);
  const phone = newPhone();
  await customerSays(s, line, { from: phone, text: 'Oi, tudo bem?' });
  await waitForReplies(s, line, phone, 1);
  const day = dayAhead(2);
  const book = (customerPhone: string, customerName: string) =>
    owner.client.post('/api/appointments', {
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: spAt(day, '09:00'),
      customerName,
      customerPhone: `+${customerPhone}`,
    });
  const theirs = await book(phone, 'Dona Maria');
  expect(theirs.status).toBe(201);
  const someoneElse = await book('5511955554444', 'Seu José');
  expect(someoneElse.status).toBe(201);

  const list = await owner.client.get(`/api/contacts?q=${phone}`);
  const [contact] = list.body.items as { id: number; phone: string }[];
  expect(contact).toBeDefined();

  const exported = await owner.client.get(`/api/contacts/${contact!.id}/export`);
  expect(exported.status).toBe(200);
  expect(exported.body.appointments).toEqual([
    expect.objectContaining({
      id: theirs.body.id,
      customerName: 'Dona Maria',
      status: 'confirmed',
    }),
  ]);

  expect((await owner.client.delete(`/api/contacts/${contact!.id}`)).status).toBe(204);
  const left = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM appointments WHERE agent_id = ${owner.agentId} ORDER BY id`,
  );
  expect(left.map((r) => r.id)).toEqual([someoneElse.body.id]);
});

it('a contact made by a booking on the page shows the booking and the booking page as its channel', async () => {
  const owner = await ownerWithSchedule(t, { agentName: 'Estúdio Bia' });
  const { slug } = (await owner.client.get(`/api/agents/${owner.agentId}/booking`)).body as {
    slug: string;
  };
  const day = dayAhead(3);
  const booked = await new HttpClient(t.baseUrl).request('POST', `/api/public/booking/${slug}`, {
    json: {
      serviceId: owner.serviceId,
      startsAt: spAt(day, '10:00'),
      customerName: 'Lia Moraes',
      customerPhone: '(11) 96666-4321',
    },
    origin: 'https://outro-site.com.br',
  });
  expect(booked.status).toBe(201);
  // one the owner booked from the agenda is no channel of the customer's
  await owner.client.post('/api/appointments', {
    agentId: owner.agentId,
    serviceId: owner.serviceId,
    startsAt: spAt(day, '11:00'),
    customerName: 'Rui Lopes',
    customerPhone: '(11) 95555-4321',
  });

  const list = await owner.client.get('/api/contacts');
  const byName = (name: string) => list.body.items.find((c: { name: string }) => c.name === name);
  expect(byName('Lia Moraes')).toMatchObject({ channels: ['booking_page'], stage: 'agendado' });
  expect(byName('Rui Lopes')).toMatchObject({ channels: [] });

  const detail = await owner.client.get(`/api/contacts/${byName('Lia Moraes').id}`);
  expect(detail.status).toBe(200);
  expect(detail.body).toMatchObject({ channels: ['booking_page'], conversations: [] });
  expect(detail.body.appointments).toEqual([
    expect.objectContaining({
      agentId: owner.agentId,
      serviceName: 'Corte de cabelo',
      status: 'confirmed',
      startsAt: `${day}T13:00:00Z`,
    }),
  ]);
});
