import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentServices, appointments } from '../../db/schema';
import {
  book,
  dayAhead,
  everyMorning,
  ownerWithSchedule,
  SP,
  spAt,
} from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient } from '../../test/http-client';

/**
 * Appointments over HTTP on the real app and database (both drivers): services, availability,
 * business hours, free slots, booking with the capacity held by the database (20 concurrent
 * bookings of the last seat: exactly one wins), moving, cancelling, owners kept apart and hostile
 * input refused in Portuguese.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('services', () => {
  it('creates, lists, updates and deletes an agent’s services (price in cents)', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const path = `/api/agents/${owner.agentId}/services`;
    const created = await owner.client.post(path, {
      name: '  Escova  ',
      durationMinutes: 45,
      priceBrl: 49.9,
      bufferMinutes: 10,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Escova',
      durationMinutes: 45,
      priceBrl: 49.9,
      bufferMinutes: 10,
    });
    const [stored] = await t.ctx.database.db
      .select({ priceCents: appointmentServices.priceCents })
      .from(appointmentServices)
      .where(eq(appointmentServices.id, created.body.id));
    expect(stored).toEqual({ priceCents: 4990 });
    const updated = await owner.client.put(`${path}/${created.body.id}`, {
      name: 'Escova longa',
      durationMinutes: 60,
      priceBrl: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Escova longa', priceBrl: null, bufferMinutes: 0 });
    const listed = await owner.client.get(path);
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual([
      'Corte de cabelo',
      'Escova longa',
    ]);
    expect((await owner.client.delete(`${path}/${created.body.id}`)).status).toBe(204);
    expect((await owner.client.get(path)).body).toHaveLength(1);
    expect((await owner.client.delete(`${path}/${created.body.id}`)).status).toBe(404);
  });

  it('keeps the appointments of a deleted service and stops offering it', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(3);
    expect((await book(owner, spAt(day, '09:00'))).status).toBe(201);
    const path = `/api/agents/${owner.agentId}/services/${owner.serviceId}`;
    expect((await owner.client.delete(path)).status).toBe(204);
    const agenda = await owner.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(agenda.body).toHaveLength(1);
    expect(agenda.body[0]).toMatchObject({ status: 'confirmed', serviceName: 'Corte de cabelo' });
    expect((await book(owner, spAt(day, '10:00'))).body.code).toBe('SERVICE_NOT_FOUND');
    const slots = await owner.client.get(
      `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=${day}&to=${day}`,
    );
    expect(slots.status).toBe(404);
  });

  it("answers 404 for another owner's agent or service, and 400 in Portuguese for bad input", async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const stranger = await signedInClient(t.baseUrl);
    const foreign = await stranger.client.get(`/api/agents/${owner.agentId}/services`);
    expect(foreign.status).toBe(404);
    const edit = await stranger.client.put(
      `/api/agents/${owner.agentId}/services/${owner.serviceId}`,
      { name: 'x', durationMinutes: 30 },
    );
    expect(edit.status).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      expect((await owner.client.get(`/api/agents/${id}/services`)).status).toBe(404);
    }
    const bad = await owner.client.post(`/api/agents/${owner.agentId}/services`, {
      name: '',
      durationMinutes: 2,
      priceBrl: 10.005,
      bufferMinutes: -5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      name: ['Informe o nome do serviço (até 120 caracteres).'],
      durationMinutes: ['A duração deve ser de 5 minutos a 12 horas, em minutos inteiros.'],
      priceBrl: ['Informe um preço de R$ 0,00 a R$ 1.000.000,00, com até dois centavos.'],
      bufferMinutes: ['O intervalo deve ser de 0 a 240 minutos, em minutos inteiros.'],
    });
    expect((await owner.client.get(`/api/agents/${owner.agentId}/services`)).body).toHaveLength(1);
  });
});

describe('availability and business hours', () => {
  it('defaults to the owner’s zone and nothing set, and saves what the owner sends', async () => {
    const owner = await signedInClient(t.baseUrl);
    const agent = await owner.client.post('/api/agents', {
      name: 'Oficina do Zé',
      systemPrompt: 'Você atende a oficina.',
    });
    const base = `/api/agents/${agent.body.id}`;
    expect((await owner.client.get(`${base}/availability`)).body).toEqual({
      timezone: SP,
      weekly: [],
      horizonDays: 60,
      saved: false,
    });
    expect((await owner.client.get(`${base}/business-hours`)).body).toEqual({
      timezone: SP,
      weekly: [],
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
      followsAvailability: true,
    });
    const hours = {
      timezone: 'Europe/Lisbon',
      weekly: [
        { weekday: 2, start: '13:00', end: '18:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
      ],
      holidays: ['2026-12-25', '2026-12-24', '2026-12-25'],
      outOfHours: 'message',
      outOfHoursMessage: 'Respondemos amanhã cedo.',
    };
    const saved = await owner.client.put(`${base}/business-hours`, hours);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...hours,
      weekly: [hours.weekly[1], hours.weekly[0]],
      holidays: ['2026-12-24', '2026-12-25'],
      followsAvailability: false,
    });
    expect((await owner.client.get(`${base}/business-hours`)).body).toEqual(saved.body);
    const availability = { timezone: SP, weekly: everyMorning(2) };
    const put = await owner.client.put(`${base}/availability`, availability);
    expect(put.body).toEqual({ ...availability, horizonDays: 60, saved: true });
  });

  it('refuses overlapping windows, unknown zones and reversed times, changing nothing', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const base = `/api/agents/${owner.agentId}/availability`;
    const overlap = await owner.client.put(base, {
      timezone: SP,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00', capacity: 1 },
        { weekday: 1, start: '11:00', end: '13:00', capacity: 1 },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.fieldErrors).toEqual({
      weekly: [
        'Dois horários do mesmo dia se sobrepõem. Para um intervalo, deixe um espaço entre eles.',
      ],
    });
    const zone = await owner.client.put(base, { timezone: 'Marte/Olimpo', weekly: [] });
    expect(zone.body.fieldErrors).toEqual({
      timezone: ['Escolha um fuso horário válido, como America/Sao_Paulo.'],
    });
    const reversed = await owner.client.put(base, {
      timezone: SP,
      weekly: [{ weekday: 1, start: '12:00', end: '09:00', capacity: 0 }],
    });
    expect(reversed.status).toBe(400);
    expect((await owner.client.get(base)).body.weekly).toEqual(everyMorning(1));
  });
});

describe('slots and appointments', () => {
  it('offers the free slots of the days asked, and not a booked one', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(2);
    const slotsPath = `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=${day}&to=${day}`;
    const before = await owner.client.get(slotsPath);
    expect(before.body.map((s: { startsAt: string }) => s.startsAt)).toEqual(
      ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00'].map((h) =>
        spAt(day, h),
      ),
    );
    expect(before.body[0].endsAt).toBe(spAt(day, '10:00'));
    expect((await book(owner, spAt(day, '10:00'))).status).toBe(201);
    const after = await owner.client.get(slotsPath);
    expect(after.body.map((s: { startsAt: string }) => s.startsAt)).toEqual([
      spAt(day, '09:00'),
      spAt(day, '11:00'),
    ]);
  });

  it('gives the last free seat to exactly one of 20 concurrent bookings', async () => {
    const owner = await ownerWithSchedule(t, { capacity: 2, subscribe: false });
    const startsAt = spAt(dayAhead(4), '09:00');
    expect((await book(owner, startsAt)).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(owner, startsAt, {
          customerName: `Cliente ${i}`,
          customerPhone: `1199999${1000 + i}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toEqual({
      code: 'APPOINTMENT_SLOT_TAKEN',
      message: 'Este horário acabou de ser ocupado. Escolha outro horário.',
    });
    const rows = await t.ctx.database.db
      .select({ seat: appointments.seat })
      .from(appointments)
      .where(and(eq(appointments.agentId, owner.agentId), eq(appointments.status, 'confirmed')));
    expect(rows.map((r) => r.seat).sort()).toEqual([1, 2]);
  });

  it('refuses a second booking through the database even when the code is bypassed', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const startsAt = spAt(dayAhead(5), '09:00');
    const first = await book(owner, startsAt);
    expect(first.status).toBe(201);
    const [row] = await t.ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, first.body.id));
    const { id: _id, ...copy } = row!;
    await expect(t.ctx.database.db.insert(appointments).values(copy)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
  });

  it('moves, refuses a taken or unavailable time, and frees the seat when cancelled', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(6);
    const a = await book(owner, spAt(day, '09:00'));
    const b = await book(owner, spAt(day, '10:00'), { customerPhone: '+5521987654321' });
    expect(a.body).toEqual({
      id: expect.any(Number),
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: spAt(day, '09:00'),
      endsAt: spAt(day, '10:00'),
      status: 'confirmed',
      customerName: 'João Pereira',
      customerPhone: '5511987654321',
      serviceName: 'Corte de cabelo',
    });
    const onto = await owner.client.patch(`/api/appointments/${a.body.id}`, {
      startsAt: spAt(day, '10:30'),
    });
    expect(onto.status).toBe(409);
    expect(onto.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    const outside = await owner.client.patch(`/api/appointments/${a.body.id}`, {
      startsAt: spAt(day, '11:30'),
    });
    expect(outside.body).toEqual({
      code: 'APPOINTMENT_OUTSIDE_AVAILABILITY',
      message:
        'Este horário está fora da disponibilidade do agente. Escolha um dos horários livres.',
    });
    expect((await book(owner, spAt(day, '13:00'))).body.code).toBe(
      'APPOINTMENT_OUTSIDE_AVAILABILITY',
    );
    expect((await book(owner, spAt(day, '09:10'))).body.code).toBe(
      'APPOINTMENT_OUTSIDE_AVAILABILITY',
    );
    expect((await book(owner, spAt(dayAhead(-1), '09:00'))).body.code).toBe('APPOINTMENT_IN_PAST');
    const moved = await owner.client.patch(`/api/appointments/${a.body.id}`, {
      startsAt: spAt(day, '11:00'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.startsAt).toBe(spAt(day, '11:00'));
    const cancelled = await owner.client.patch(`/api/appointments/${b.body.id}`, {
      status: 'cancelled',
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await book(owner, spAt(day, '10:00'))).status).toBe(201);
    const again = await owner.client.patch(`/api/appointments/${b.body.id}`, {
      status: 'confirmed',
    });
    expect(again.body.code).toBe('APPOINTMENT_SLOT_TAKEN');
    const stillCancelled = await owner.client.patch(`/api/appointments/${b.body.id}`, {
      startsAt: spAt(day, '09:00'),
    });
    expect(stillCancelled.body.code).toBe('APPOINTMENT_CANCELLED');
    const agenda = await owner.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(
      agenda.body.map((x: { startsAt: string; status: string }) => [x.startsAt, x.status]),
    ).toEqual([
      [spAt(day, '10:00'), 'cancelled'],
      [spAt(day, '10:00'), 'confirmed'],
      [spAt(day, '11:00'), 'confirmed'],
    ]);
  });

  it('has no slots on a holiday of the business hours', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(8);
    await owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
      timezone: SP,
      weekly: [],
      holidays: [day],
      outOfHours: 'answer',
      outOfHoursMessage: '',
    });
    const slots = await owner.client.get(
      `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=${day}&to=${day}`,
    );
    expect(slots.body).toEqual([]);
    expect((await book(owner, spAt(day, '09:00'))).body.code).toBe(
      'APPOINTMENT_OUTSIDE_AVAILABILITY',
    );
  });

  it("keeps owners apart: another owner's agent, service and appointment are 404", async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const stranger = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(3);
    const mine = await book(owner, spAt(day, '09:00'));
    const patch = await stranger.client.patch(`/api/appointments/${mine.body.id}`, {
      status: 'cancelled',
    });
    expect(patch.status).toBe(404);
    expect(patch.body.code).toBe('APPOINTMENT_NOT_FOUND');
    expect((await book(stranger, spAt(day, '10:00'), { agentId: owner.agentId })).status).toBe(404);
    expect((await book(stranger, spAt(day, '10:00'), { serviceId: owner.serviceId })).status).toBe(
      404,
    );
    const slots = await stranger.client.get(
      `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=${day}&to=${day}`,
    );
    expect(slots.status).toBe(404);
    const agenda = await stranger.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(agenda.body).toEqual([]);
  });

  it('refuses hostile input with 400 in Portuguese and books nothing', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const bad = await owner.client.post('/api/appointments', {
      agentId: 'x',
      serviceId: -1,
      startsAt: '2026-12-07 09:00',
      customerName: ' ',
      customerPhone: '12ab',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      agentId: ['Escolha um agente.'],
      serviceId: ['Escolha um serviço.'],
      startsAt: ['Informe uma data e hora válidas, com o fuso horário.'],
      customerName: ['Informe o nome do cliente (até 120 caracteres).'],
      customerPhone: ['Informe um telefone com DDD (10 a 15 dígitos).'],
    });
    const range = await owner.client.get('/api/appointments?from=2026-01-01&to=2026-12-31');
    expect(range.body.fieldErrors).toEqual({ to: ['Escolha um período de até 62 dias.'] });
    const slots = await owner.client.get(
      `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=2026-02-30&to=x`,
    );
    expect(slots.status).toBe(400);
    const empty = await owner.client.patch('/api/appointments/1', {});
    expect(empty.body.fieldErrors).toEqual({ _: ['Informe o novo horário ou a nova situação.'] });
    const both = await owner.client.patch('/api/appointments/1', {
      status: 'cancelled',
      startsAt: spAt(dayAhead(2), '09:00'),
    });
    expect(both.body.fieldErrors).toEqual({
      startsAt: ['Para cancelar, não informe um novo horário.'],
    });
    const rows = await t.ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.ownerId, owner.id));
    expect(rows).toEqual([]);
  });
});
