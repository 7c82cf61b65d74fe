import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { GRID_MINUTES } from '../modules/appointments';
import { subscribeViaSandbox } from './billing-helpers';
import type { TestApp } from './harness';
import { signedInClient } from './http-client';

/** Appointments: a subscribed owner with an active agent, a service and a week open. */

export const SP = 'America/Sao_Paulo';

/** A day `ahead` days from today in São Paulo (YYYY-MM-DD). */
export function dayAhead(ahead: number): string {
  return DateTime.now().setZone(SP).plus({ days: ahead }).toISODate()!;
}

/** `HH:MM` of `day` in São Paulo as ISO with its offset (São Paulo has no daylight saving). */
export const spAt = (day: string, hhmm: string) => `${day}T${hhmm}:00-03:00`;

/** Every weekday open 09:00–12:00 with `capacity` seats. */
export const everyMorning = (capacity: number) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '12:00', capacity }));

/** Every weekday open all day (00:00–24:00) with `capacity` seats. */
export const everyHour = (capacity: number) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '24:00', capacity }));

/**
 * The first start on the slots' grid (GRID_MINUTES) at least `aheadMs` from now where an appointment of
 * `durationMinutes` fits in one São Paulo day of `everyHour` (a day's window ends at midnight, so
 * a start late in the evening that would run past it moves to the next midnight). Without that,
 * a test booking two hours ahead failed whenever it ran between about 20:45 and 21:45 there.
 */
export function slotAhead(aheadMs: number, durationMinutes = 60): Date {
  const grid = GRID_MINUTES * 60_000;
  const start = DateTime.fromMillis(Math.ceil((Date.now() + aheadMs) / grid) * grid, { zone: SP });
  const end = start.plus({ minutes: durationMinutes });
  const fits = end <= start.startOf('day').plus({ days: 1 });
  return (fits ? start : start.plus({ days: 1 }).startOf('day')).toJSDate();
}

export async function ownerWithSchedule(
  t: TestApp,
  options: {
    capacity?: number;
    agentName?: string;
    subscribe?: boolean;
    hoursFollow?: boolean;
  } = {},
) {
  const owner = await signedInClient(t.baseUrl);
  if (options.subscribe !== false) await subscribeViaSandbox(owner.client, owner.user);
  const agent = await owner.client.post('/api/agents', {
    name: options.agentName ?? 'Salão da Ana',
    systemPrompt: 'Você atende os clientes do Salão da Ana.',
    status: 'active',
  });
  expect(agent.status).toBe(201);
  const agentId = agent.body.id as number;
  const service = await owner.client.post(`/api/agents/${agentId}/services`, {
    name: 'Corte de cabelo',
    durationMinutes: 60,
    priceBrl: 80,
    bufferMinutes: 0,
  });
  expect(service.status).toBe(201);
  const availability = await owner.client.put(`/api/agents/${agentId}/availability`, {
    timezone: SP,
    weekly: everyMorning(options.capacity ?? 1),
  });
  expect(availability.status).toBe(200);
  if (options.hoursFollow !== true) {
    // Business hours follow the availability by default (ADR 0035): separated with an empty
    // week, the agent answers at any hour, as the tests of bookings and reminders assume.
    const hours = await owner.client.put(`/api/agents/${agentId}/business-hours`, {
      timezone: SP,
      weekly: [],
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
      followsAvailability: false,
    });
    expect(hours.status).toBe(200);
  }
  return { ...owner, agentId, serviceId: service.body.id as number };
}

export type ScheduleOwner = Awaited<ReturnType<typeof ownerWithSchedule>>;

export function book(owner: ScheduleOwner, startsAt: string, more: Record<string, unknown> = {}) {
  return owner.client.post('/api/appointments', {
    agentId: owner.agentId,
    serviceId: owner.serviceId,
    startsAt,
    customerName: 'João Pereira',
    customerPhone: '(11) 98765-4321',
    ...more,
  });
}
