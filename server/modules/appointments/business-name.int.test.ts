import { afterAll, beforeAll, expect, it } from 'vitest';
import { book, dayAhead, ownerWithSchedule, spAt } from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient } from '../../test/http-client';
import { newIp } from '../../test/webchat-helpers';

/**
 * The booking page and the calendar show the business's name the owner gave (ADR
 * 0035), the agent's when none: the page's API, the booking's answer and the ICS feed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

function customer() {
  const client = new HttpClient(t.baseUrl);
  const headers = { 'x-forwarded-for': newIp() };
  return {
    get: (path: string) => client.request('GET', path, { headers, origin: null }),
    post: (path: string, json: unknown) =>
      client.request('POST', path, { headers, json, origin: 'https://outro-site.com.br' }),
  };
}

it('the page, its booking and the ICS use the business name, the agent’s without one', async () => {
  const owner = await ownerWithSchedule(t, { agentName: 'Atendente Pão Quente' });
  const base = `/api/agents/${owner.agentId}/booking`;
  const { slug } = (await owner.client.get(base)).body as { slug: string };
  expect((await customer().get(`/api/public/booking/${slug}`)).body.businessName).toBe(
    'Atendente Pão Quente',
  );

  const saved = await owner.client.put(base, { businessName: ' Padaria Pão Quente ' });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({ slug, businessName: 'Padaria Pão Quente' });
  expect((await customer().get(`/api/public/booking/${slug}`)).body.businessName).toBe(
    'Padaria Pão Quente',
  );
  const day = dayAhead(2);
  const booked = await customer().post(`/api/public/booking/${slug}`, {
    serviceId: owner.serviceId,
    startsAt: spAt(day, '10:00'),
    customerName: 'Rita Souza',
    customerPhone: '(11) 97777-1234',
  });
  expect(booked.status).toBe(201);
  expect(booked.body.businessName).toBe('Padaria Pão Quente');

  await book(owner, spAt(day, '09:00'), { customerName: 'Bia Lima' });
  const feed = await customer().get(
    new URL((await owner.client.get('/api/calendar')).body.url).pathname,
  );
  expect(feed.status).toBe(200);
  expect(feed.text).toContain('X-WR-CALNAME:Agenda · Padaria Pão Quente');
  expect(feed.text).toContain('DESCRIPTION:Padaria Pão Quente\\n+5511');
  expect(feed.text).not.toContain('Atendente Pão Quente');

  // Emptied, the agent's name is back; too long, refused and nothing changes.
  const long = await owner.client.put(base, { businessName: 'x'.repeat(201) });
  expect(long.status).toBe(400);
  expect(long.body.fieldErrors).toEqual({
    businessName: ['O nome do negócio pode ter até 200 caracteres.'],
  });
  expect((await owner.client.put(base, { businessName: '' })).body.businessName).toBeNull();
  expect((await customer().get(`/api/public/booking/${slug}`)).body.businessName).toBe(
    'Atendente Pão Quente',
  );
  const stranger = await ownerWithSchedule(t, { subscribe: false });
  expect(
    (await stranger.client.put(`/api/agents/${owner.agentId}/booking`, { businessName: 'X' }))
      .status,
  ).toBe(404);
});
