import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithSchedule, SP, type ScheduleOwner } from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';

/**
 * One schedule by default (ADR 0035): the business hours follow the availability — its
 * week and zone, with their own holidays and out-of-hours choice — until the owner separates them;
 * the out-of-hours rule reads whichever applies. A template's form starts the availability (never
 * over the owner's) and names the business.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

const everyDay = (start: string, end: string) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, start, end }));

/** Today's weekday in São Paulo, 0 = Sunday. */
const todaySp = () => DateTime.now().setZone(SP).weekday % 7;

/** Every day but today, 09:00–12:00, one seat: closed for the rest of today. */
const allButToday = () =>
  everyDay('09:00', '12:00')
    .filter((w) => w.weekday !== todaySp())
    .map((w) => ({ ...w, capacity: 1 }));

function putHours(owner: ScheduleOwner, more: Record<string, unknown>) {
  return owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
    timezone: SP,
    weekly: everyDay('00:00', '24:00'),
    holidays: [],
    outOfHours: 'message',
    outOfHoursMessage: 'Fechado agora.',
    ...more,
  });
}

describe('business hours following the availability', () => {
  it('follow by default: the availability’s week and zone, edited in one place', async () => {
    const owner = await signedInClient(t.baseUrl);
    const agent = await owner.client.post('/api/agents', { name: 'Barbearia', systemPrompt: 'A.' });
    const base = `/api/agents/${agent.body.id}`;
    const week = [{ weekday: 1, start: '08:00', end: '17:00', capacity: 2 }];
    expect(
      (await owner.client.put(`${base}/availability`, { timezone: 'America/Manaus', weekly: week }))
        .status,
    ).toBe(200);
    expect((await owner.client.get(`${base}/business-hours`)).body).toEqual({
      timezone: 'America/Manaus',
      weekly: [{ weekday: 1, start: '08:00', end: '17:00' }],
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
      followsAvailability: true,
    });
    // Following, a PUT keeps its holidays and choice; the week it sends waits, unused.
    const kept = await owner.client.put(`${base}/business-hours`, {
      timezone: SP,
      weekly: everyDay('10:00', '11:00'),
      holidays: ['2026-12-25'],
      outOfHours: 'message',
      outOfHoursMessage: 'Volte amanhã.',
      followsAvailability: true,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      timezone: 'America/Manaus',
      weekly: [{ weekday: 1, start: '08:00', end: '17:00' }],
      holidays: ['2026-12-25'],
      outOfHours: 'message',
      followsAvailability: true,
    });
    const moved = [{ weekday: 2, start: '09:00', end: '12:00', capacity: 1 }];
    await owner.client.put(`${base}/availability`, { timezone: 'America/Manaus', weekly: moved });
    expect((await owner.client.get(`${base}/business-hours`)).body.weekly).toEqual([
      { weekday: 2, start: '09:00', end: '12:00' },
    ]);
    // Separated, they keep their own week whatever the availability does.
    const separated = await owner.client.put(`${base}/business-hours`, {
      ...kept.body,
      timezone: SP,
      weekly: everyDay('10:00', '11:00'),
      followsAvailability: false,
    });
    expect(separated.body).toMatchObject({ timezone: SP, followsAvailability: false });
    await owner.client.put(`${base}/availability`, { timezone: 'America/Manaus', weekly: week });
    expect((await owner.client.get(`${base}/business-hours`)).body.weekly).toEqual(
      everyDay('10:00', '11:00'),
    );
    const bad = await owner.client.put(`${base}/business-hours`, {
      ...separated.body,
      followsAvailability: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      followsAvailability: ['Informe se o horário de atendimento segue a agenda (sim ou não).'],
    });
  });

  it('the out-of-hours rule reads the availability when following, the own week when not', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Salão Segue', hoursFollow: true });
    await owner.client.put(`/api/agents/${owner.agentId}/availability`, {
      timezone: SP,
      weekly: allButToday(),
    });
    // The week sent is open all day, but following, the availability (closed today) applies.
    expect((await putHours(owner, { followsAvailability: true })).status).toBe(200);
    const key = await agentKeyOf(owner.client, owner.agentId);
    const visitor = publicVisitor(t.baseUrl);
    const closed = await visitor.chatText(key, { visitorId: newVisitor(), message: 'Oi' });
    expect(closed.status).toBe(200);
    expect(closed.body.response).toBe('Fechado agora.');

    expect((await putHours(owner, { followsAvailability: false })).status).toBe(200);
    const open = await visitor.chatText(key, { visitorId: newVisitor(), message: 'Oi' });
    expect(open.body.response).not.toBe('Fechado agora.');
    expect(open.body.response).not.toBe('');
  });
});

describe('a template’s details', () => {
  it('start the availability and the business name, never over the owner’s', async () => {
    const owner = await signedInClient(t.baseUrl);
    const agent = await owner.client.post('/api/agents', {
      name: 'Atendente Pão Quente',
      systemPrompt: 'Você atende a padaria.',
    });
    const base = `/api/agents/${agent.body.id}`;
    const week = [
      { weekday: 1, start: '06:00', end: '20:00' },
      { weekday: 6, start: '07:00', end: '13:00' },
    ];
    const res = await owner.client.post(`${base}/template-details`, {
      businessName: '  Padaria Pão Quente ',
      weekly: week,
    });
    expect(res.status).toBe(204);
    expect((await owner.client.get(`${base}/availability`)).body).toEqual({
      timezone: SP,
      weekly: week.map((w) => ({ ...w, capacity: 1 })),
      horizonDays: 60,
      saved: true,
    });
    expect((await owner.client.get(`${base}/business-hours`)).body).toMatchObject({
      weekly: week,
      followsAvailability: true,
    });
    const link = await owner.client.get(`${base}/booking`);
    expect(link.body).toMatchObject({
      slug: expect.stringMatching(/^padaria-pao-quente/),
      businessName: 'Padaria Pão Quente',
    });

    // A second form (or a stale tab) changes neither.
    await owner.client.post(`${base}/template-details`, {
      businessName: 'Outra',
      weekly: [{ weekday: 3, start: '10:00', end: '11:00' }],
    });
    expect((await owner.client.get(`${base}/availability`)).body.weekly).toHaveLength(2);
    expect((await owner.client.get(`${base}/booking`)).body.businessName).toBe(
      'Padaria Pão Quente',
    );

    const bad = await owner.client.post(`${base}/template-details`, {
      businessName: 'x'.repeat(201),
      weekly: [{ weekday: 1, start: '10:00', end: '09:00' }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['businessName', 'weekly.0.end']);
    const stranger = await signedInClient(t.baseUrl);
    expect(
      (await stranger.client.post(`${base}/template-details`, { businessName: 'X' })).status,
    ).toBe(404);
  });
});
