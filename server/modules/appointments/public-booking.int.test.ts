import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema';
import {
  book,
  dayAhead,
  ownerWithSchedule,
  SP,
  spAt,
  type ScheduleOwner,
} from '../../test/appointments-helpers';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient } from '../../test/http-client';
import { newIp } from '../../test/webchat-helpers';
import { BOOKING_LIMITS, deleteCustomerAppointments } from './index';

/**
 * The public booking page's API (a customer with no account books a free slot of a subscribed
 * owner's active agent), the owner's calendar feed (ICS at a secret, rotatable URL) and a
 * customer's appointments erased, on both databases.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
});

/** A customer on their phone: no cookies, their own address (rate limits do not mix). */
function customer(ip = newIp()) {
  const client = new HttpClient(t.baseUrl);
  const headers = { 'x-forwarded-for': ip };
  return {
    get: (path: string) => client.request('GET', path, { headers, origin: null }),
    post: (path: string, json: unknown) =>
      client.request('POST', path, { headers, json, origin: 'https://outro-site.com.br' }),
  };
}

async function slugOf(owner: ScheduleOwner): Promise<string> {
  const res = await owner.client.get(`/api/agents/${owner.agentId}/booking`);
  expect(res.status).toBe(200);
  return res.body.slug as string;
}

describe('public booking page', () => {
  it('gives the agent a readable slug and its page lists the services', async () => {
    const owner = await ownerWithSchedule(t, { agentName: 'Barbearia São João!' });
    const link = await owner.client.get(`/api/agents/${owner.agentId}/booking`);
    expect(link.body).toEqual({
      slug: expect.stringMatching(/^barbearia-sao-joao(-\d+|-[0-9a-f]{8})?$/),
      url: `${t.ctx.config.PUBLIC_URL}/agendar/${link.body.slug}`,
      businessName: null,
    });
    const second = await ownerWithSchedule(t, { agentName: 'Barbearia São João!' });
    expect(await slugOf(second)).not.toBe(link.body.slug);
    const page = await customer().get(`/api/public/booking/${link.body.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      businessName: 'Barbearia São João!',
      timezone: SP,
      services: [
        { id: owner.serviceId, name: 'Corte de cabelo', durationMinutes: 60, priceBrl: 80 },
      ],
    });
  });

  it('books a free slot as a customer, which the agenda shows and nobody can take again', async () => {
    const owner = await ownerWithSchedule(t);
    const slug = await slugOf(owner);
    const day = dayAhead(3);
    const visitor = customer();
    const slots = await visitor.get(
      `/api/public/booking/${slug}/slots?serviceId=${owner.serviceId}&from=${day}&to=${day}`,
    );
    expect(slots.status).toBe(200);
    expect(slots.body[0]).toEqual({ startsAt: spAt(day, '09:00'), endsAt: spAt(day, '10:00') });
    const booking = {
      serviceId: owner.serviceId,
      startsAt: spAt(day, '09:00'),
      customerName: 'Carla Dias',
      customerPhone: '(21) 99876-5432',
    };
    const booked = await visitor.post(`/api/public/booking/${slug}`, booking);
    expect(booked.status).toBe(201);
    expect(booked.body).toEqual({
      startsAt: spAt(day, '09:00'),
      endsAt: spAt(day, '10:00'),
      serviceName: 'Corte de cabelo',
      businessName: 'Salão da Ana',
    });
    const agenda = await owner.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(agenda.body).toEqual([
      expect.objectContaining({
        startsAt: spAt(day, '09:00'),
        status: 'confirmed',
        customerName: 'Carla Dias',
        customerPhone: '5521998765432',
      }),
    ]);
    const [row] = await t.ctx.database.db
      .select({ source: appointments.source })
      .from(appointments)
      .where(eq(appointments.id, agenda.body[0].id));
    expect(row).toEqual({ source: 'booking_page' });
    const again = await customer().post(`/api/public/booking/${slug}`, booking);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Este horário acabou de ser ocupado. Escolha outro horário.');

    // The owner is told of the customer's booking, once: who, what and when, in the agent's zone.
    const told = await owner.client.get('/api/notifications');
    expect(told.body.items).toEqual([
      expect.objectContaining({
        kind: 'appointment-booked',
        agentId: owner.agentId,
        subject: `Carla Dias · Corte de cabelo · ${day.slice(8, 10)}/${day.slice(5, 7)}, 09:00`,
      }),
    ]);
  });

  it('does not tell the owner of a booking they made themselves in the agenda', async () => {
    const owner = await ownerWithSchedule(t);
    const day = dayAhead(3);
    const made = await owner.client.post('/api/appointments', {
      agentId: owner.agentId,
      serviceId: owner.serviceId,
      startsAt: spAt(day, '10:00'),
      customerName: 'Bruno Lima',
      customerPhone: '(11) 98888-7777',
    });
    expect(made.status).toBe(201);
    const told = await owner.client.get('/api/notifications');
    expect(told.body.items).toEqual([]);
  });

  it('is unavailable without a subscription or an active agent, and unknown otherwise', async () => {
    const unpaid = await ownerWithSchedule(t, { subscribe: false });
    const res = await customer().get(`/api/public/booking/${await slugOf(unpaid)}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'BOOKING_UNAVAILABLE',
      message: 'O agendamento online não está disponível no momento.',
    });
    const paused = await ownerWithSchedule(t);
    const slug = await slugOf(paused);
    const draft = await paused.client.put(`/api/agents/${paused.agentId}`, { status: 'draft' });
    expect(draft.status).toBe(200);
    expect((await customer().get(`/api/public/booking/${slug}`)).body.code).toBe(
      'BOOKING_UNAVAILABLE',
    );
    // (a path segment past Fastify's 100 characters is a 414 before any route)
    for (const bad of ['nao-existe', 'x'.repeat(80), '%00', "'; drop table agents;--"]) {
      const page = await customer().get(`/api/public/booking/${encodeURIComponent(bad)}`);
      expect(page.status).toBe(404);
    }
    const noService = await ownerWithSchedule(t);
    await noService.client.delete(
      `/api/agents/${noService.agentId}/services/${noService.serviceId}`,
    );
    expect((await customer().get(`/api/public/booking/${await slugOf(noService)}`)).status).toBe(
      404,
    );
  });

  it('refuses hostile bookings in Portuguese and limits a client address', async () => {
    const owner = await ownerWithSchedule(t);
    const slug = await slugOf(owner);
    const visitor = customer();
    const bad = await visitor.post(`/api/public/booking/${slug}`, {
      serviceId: '1; drop',
      startsAt: 'amanhã',
      customerName: 'x'.repeat(121),
      customerPhone: '123',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual([
      'customerName',
      'customerPhone',
      'serviceId',
      'startsAt',
    ]);
    expect(bad.body.fieldErrors.customerPhone).toEqual([
      'Informe um telefone com DDD (10 a 15 dígitos).',
    ]);
    const foreign = await ownerWithSchedule(t);
    const wrongService = await visitor.post(`/api/public/booking/${slug}`, {
      serviceId: foreign.serviceId,
      startsAt: spAt(dayAhead(2), '09:00'),
      customerName: 'Ana',
      customerPhone: '11987654321',
    });
    expect(wrongService.status).toBe(404);
    const limited = customer();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await limited.post(`/api/public/booking/${slug}`, {})).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const rows = await t.ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.agentId, owner.agentId));
    expect(rows).toEqual([]);
  });
});

describe('calendar feed', () => {
  it('serves the confirmed appointments as ICS at a secret URL, and rotating ends the old one', async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(2);
    const kept = await book(owner, spAt(day, '09:00'), { customerName: 'Bia Lima' });
    const dropped = await book(owner, spAt(day, '10:00'), { customerName: 'Caio Reis' });
    await owner.client.patch(`/api/appointments/${dropped.body.id}`, { status: 'cancelled' });
    const first = await owner.client.get('/api/calendar');
    expect(first.status).toBe(200);
    expect((await owner.client.get('/api/calendar')).body).toEqual(first.body);
    const path = new URL(first.body.url).pathname;
    expect(path).toMatch(/^\/api\/public\/calendar\/[\w-]{43}\.ics$/);
    const feed = await customer().get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain(`UID:appointment-${kept.body.id}@`);
    expect(feed.text).toContain('SUMMARY:Corte de cabelo — Bia Lima');
    expect(feed.text).toContain(`DTSTART:${day.replaceAll('-', '')}T120000Z`);
    expect(feed.text).not.toContain('Caio Reis');
    const stranger = await ownerWithSchedule(t, { subscribe: false });
    const theirs = await customer().get(
      new URL((await stranger.client.get('/api/calendar')).body.url).pathname,
    );
    expect(theirs.text).not.toContain('Bia Lima');

    const rotated = await owner.client.post('/api/calendar/rotate');
    expect(rotated.body.url).not.toBe(first.body.url);
    expect((await owner.client.get('/api/calendar')).body).toEqual(rotated.body);
    const old = await customer().get(path);
    expect(old.status).toBe(404);
    expect(old.body.code).toBe('CALENDAR_NOT_FOUND');
    expect((await customer().get(new URL(rotated.body.url).pathname)).text).toContain('Bia Lima');
    for (const bad of ['x.ics', 'a'.repeat(80) + '.ics', 'no-extension']) {
      expect((await customer().get(`/api/public/calendar/${bad}`)).status).toBe(404);
    }
  });

  it('limits each feed, not the address that fetches it (calendar servers fetch many feeds)', async () => {
    const feedOf = async () => {
      const owner = await ownerWithSchedule(t, { subscribe: false });
      return new URL((await owner.client.get('/api/calendar')).body.url).pathname;
    };
    const [busy, other] = [await feedOf(), await feedOf()];
    // one calendar server, one address, for both feeds
    const server = customer();
    const statuses: number[] = [];
    for (let i = 0; i < BOOKING_LIMITS.feedPerMinute + 1; i++) {
      statuses.push((await server.get(busy)).status);
    }
    expect(statuses.slice(0, BOOKING_LIMITS.feedPerMinute).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await server.get(other)).status).toBe(200);
  });
});

describe('erasing a customer', () => {
  it("deletes every appointment of one customer's phone of the owner, and no other", async () => {
    const owner = await ownerWithSchedule(t, { subscribe: false });
    const other = await ownerWithSchedule(t, { subscribe: false });
    const day = dayAhead(2);
    await book(owner, spAt(day, '09:00'), { customerPhone: '11 98765-4321' });
    await book(owner, spAt(day, '10:00'), { customerPhone: '+55 11 98765-4321' });
    await book(owner, spAt(day, '11:00'), { customerPhone: '11 91111-2222' });
    await book(other, spAt(day, '09:00'), { customerPhone: '11 98765-4321' });
    // WhatsApp's form of the same number (without the 9th digit)
    expect(await deleteCustomerAppointments(t.ctx.database.db, owner.id, '551187654321')).toBe(2);
    const left = await t.ctx.database.db
      .select({ ownerId: appointments.ownerId, phone: appointments.customerPhone })
      .from(appointments)
      .where(inArray(appointments.ownerId, [owner.id, other.id]))
      .orderBy(appointments.ownerId);
    expect(left).toEqual([
      { ownerId: owner.id, phone: '5511911112222' },
      { ownerId: other.id, phone: '5511987654321' },
    ]);
    const agenda = await owner.client.get(`/api/appointments?from=${day}&to=${day}`);
    expect(agenda.body.map((a: { customerPhone: string }) => a.customerPhone)).toEqual([
      '5511911112222',
    ]);
  });
});
