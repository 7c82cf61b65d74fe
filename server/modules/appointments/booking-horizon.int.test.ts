import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAvailability, appointments } from '../../db/schema';
import {
  book,
  dayAhead,
  everyMorning,
  ownerWithSchedule,
  SP,
  spAt,
  type ScheduleOwner,
} from '../../test/appointments-helpers';
import {
  scriptTools,
  startFakeOpenAI,
  toolResultsOf,
  type FakeOpenAI,
} from '../../test/fake-openai';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient } from '../../test/http-client';
import { newIp } from '../../test/webchat-helpers';

/**
 * The booking horizon: customers — the public booking page and the agent's tools — see
 * and book slots only up to today + the owner's `horizonDays` (default 60); past it a booking or a
 * move is a 409 in Portuguese (or English) and writes nothing. The owner's own agenda is not
 * bound. Hostile values for the setting are a 400. On both databases.
 */
let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestApp({
    jobs: true,
    env: { TRUST_PROXY: '127.0.0.1', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.url },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => {
  fake.chatRequests.length = 0;
});

const PT_BEYOND = (days: number) =>
  `Este horário está além do prazo de agendamento: é possível agendar até ${days} dias à frente. Escolha uma data mais próxima.`;

function customer(lang?: string) {
  const client = new HttpClient(t.baseUrl);
  const headers: Record<string, string> = { 'x-forwarded-for': newIp() };
  if (lang) headers['accept-language'] = lang;
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

const setHorizon = (owner: ScheduleOwner, horizonDays: unknown) =>
  owner.client.put(`/api/agents/${owner.agentId}/availability`, {
    timezone: SP,
    weekly: everyMorning(1),
    horizonDays,
  });

const booking = (owner: ScheduleOwner, startsAt: string) => ({
  serviceId: owner.serviceId,
  startsAt,
  customerName: 'Carla Dias',
  customerPhone: '(21) 99876-5432',
});

async function rowsOf(owner: ScheduleOwner) {
  return t.ctx.database.db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.agentId, owner.agentId));
}

/** The days (YYYY-MM-DD) with a free slot in `from`..`to`, as `path` lists them. */
async function slotDays(
  get: (path: string) => Promise<{ status: number; body: unknown }>,
  path: string,
) {
  const res = await get(path);
  expect(res.status).toBe(200);
  return [...new Set((res.body as { startsAt: string }[]).map((s) => s.startsAt.slice(0, 10)))];
}

describe('the booking horizon on the public page', () => {
  it('is 60 days by default: the 61st day is a 409 in Portuguese that writes nothing', async () => {
    const owner = await ownerWithSchedule(t);
    const saved = await owner.client.get(`/api/agents/${owner.agentId}/availability`);
    expect(saved.body.horizonDays).toBe(60);
    const slug = await slugOf(owner);
    const visitor = customer();
    for (const startsAt of [spAt(dayAhead(61), '09:00'), spAt('2099-01-05', '09:00')]) {
      const refused = await visitor.post(`/api/public/booking/${slug}`, booking(owner, startsAt));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ code: 'APPOINTMENT_BEYOND_HORIZON', message: PT_BEYOND(60) });
    }
    expect(await rowsOf(owner)).toEqual([]);
    const english = await customer('en').post(
      `/api/public/booking/${slug}`,
      booking(owner, spAt(dayAhead(61), '09:00')),
    );
    expect(english.body.message).toBe(
      'This time is beyond the booking window: appointments can be made up to 60 days ahead. Please choose an earlier date.',
    );
    const last = await visitor.post(
      `/api/public/booking/${slug}`,
      booking(owner, spAt(dayAhead(60), '09:00')),
    );
    expect(last.status).toBe(201);
    expect(await rowsOf(owner)).toHaveLength(1);
  });

  it('lists no slot past the horizon, and the owner’s setting moves it', async () => {
    const owner = await ownerWithSchedule(t);
    const slug = await slugOf(owner);
    const visitor = customer();
    const range = `serviceId=${owner.serviceId}&from=${dayAhead(55)}&to=${dayAhead(65)}`;
    const listed = () => slotDays(visitor.get, `/api/public/booking/${slug}/slots?${range}`);
    expect(await listed()).toEqual([55, 56, 57, 58, 59, 60].map(dayAhead));

    const saved = await setHorizon(owner, 57);
    expect(saved.status).toBe(200);
    expect(saved.body.horizonDays).toBe(57);
    expect(await listed()).toEqual([55, 56, 57].map(dayAhead));
    const refused = await visitor.post(
      `/api/public/booking/${slug}`,
      booking(owner, spAt(dayAhead(58), '09:00')),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PT_BEYOND(57));
    expect(await rowsOf(owner)).toEqual([]);

    // saving the week without a horizon keeps it
    const week = await owner.client.put(`/api/agents/${owner.agentId}/availability`, {
      timezone: SP,
      weekly: everyMorning(2),
    });
    expect(week.body).toMatchObject({ horizonDays: 57 });

    expect((await setHorizon(owner, 1)).body.horizonDays).toBe(1);
    const near = `serviceId=${owner.serviceId}&from=${dayAhead(1)}&to=${dayAhead(7)}`;
    expect(await slotDays(visitor.get, `/api/public/booking/${slug}/slots?${near}`)).toEqual([
      dayAhead(1),
    ]);
  });

  it('refuses hostile values for the setting with a 400 and keeps the saved one', async () => {
    const owner = await ownerWithSchedule(t);
    expect((await setHorizon(owner, 30)).status).toBe(200);
    const hostile: unknown[] = [
      0,
      -1,
      366,
      1.5,
      '30',
      null,
      true,
      [30],
      { days: 30 },
      'abc',
      2 ** 53,
    ];
    for (const value of hostile) {
      const res = await setHorizon(owner, value);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.fieldErrors).toEqual({
        horizonDays: ['O prazo de agendamento deve ser de 1 a 365 dias, em dias inteiros.'],
      });
    }
    // a number JSON has but JavaScript reads as Infinity
    const infinite = await owner.client.request(
      'PUT',
      `/api/agents/${owner.agentId}/availability`,
      {
        body: `{"timezone":"${SP}","weekly":[],"horizonDays":1e400}`,
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(infinite.status).toBe(400);
    expect(
      (await owner.client.get(`/api/agents/${owner.agentId}/availability`)).body,
    ).toMatchObject({ horizonDays: 30, weekly: everyMorning(1) });
    // and the database holds the bounds itself
    await expect(
      t.ctx.database.db.execute(
        sql`update ${appointmentAvailability} set horizon_days = 0 where agent_id = ${owner.agentId}`,
      ),
    ).rejects.toThrow();
  });
});

describe('the owner’s agenda', () => {
  it('is not bound: the owner lists, books and moves past the customers’ horizon', async () => {
    const owner = await ownerWithSchedule(t);
    await setHorizon(owner, 5);
    const far = dayAhead(90);
    const slots = await slotDays(
      owner.client.get.bind(owner.client),
      `/api/agents/${owner.agentId}/slots?serviceId=${owner.serviceId}&from=${far}&to=${far}`,
    );
    expect(slots).toEqual([far]);
    const booked = await book(owner, spAt(far, '09:00'));
    expect(booked.status).toBe(201);
    const moved = await owner.client.patch(`/api/appointments/${booked.body.id}`, {
      startsAt: spAt(dayAhead(120), '10:00'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.startsAt).toBe(spAt(dayAhead(120), '10:00'));
  });
});

describe('the agent’s booking tools', () => {
  it('find no slot past the horizon and refuse to book or move past it, in Portuguese', async () => {
    const owner = await ownerWithSchedule(t);
    await setHorizon(owner, 3);
    const phone = '11 91234-5678';
    const near = await book(owner, spAt(dayAhead(2), '09:00'), { customerPhone: phone });
    expect(near.status).toBe(201);
    scriptTools(
      fake,
      [
        () => ({
          name: 'find_free_slots',
          arguments: { serviceId: owner.serviceId, from: dayAhead(2), to: dayAhead(6) },
        }),
        () => ({
          name: 'book_appointment',
          arguments: {
            serviceId: owner.serviceId,
            startsAt: spAt(dayAhead(4), '09:00'),
            customerName: 'Ana Souza',
            customerPhone: phone,
          },
        }),
        () => ({
          name: 'reschedule_appointment',
          arguments: {
            appointmentId: near.body.id,
            startsAt: spAt(dayAhead(4), '10:00'),
            customerPhone: phone,
          },
        }),
      ],
      'Só consigo agendar até daqui a três dias.',
    );
    const res = await owner.client.post(`/api/agents/${owner.agentId}/test`, {
      message: 'Quero marcar daqui a quatro dias, ou passar o meu para lá',
    });
    expect(res.status).toBe(200);
    const description = fake.chatRequests[0]!.tools!.find(
      (tool) => tool.function.name === 'find_free_slots',
    )!.function.description;
    expect(description).toContain(`Só há horários até ${dayAhead(3)}.`);
    const [found, booked, moved] = toolResultsOf(fake.chatRequests.at(-1)!);
    const days = (found!.result as { slots: { startsAt: string }[] }).slots.map((s) =>
      s.startsAt.slice(0, 10),
    );
    expect([...new Set(days)]).toEqual([dayAhead(2), dayAhead(3)]);
    expect(booked).toEqual({ ok: false, error: PT_BEYOND(3) });
    expect(moved).toEqual({ ok: false, error: PT_BEYOND(3) });
    const rows = await rowsOf(owner);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      new Date(spAt(dayAhead(2), '09:00')).toISOString(),
    ]);
  });
});
