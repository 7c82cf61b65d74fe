import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentReminders, appointments, conversations, messages } from '../../db/schema';
import {
  everyHour,
  ownerWithSchedule,
  slotAhead,
  SP,
  type ScheduleOwner,
} from '../../test/appointments-helpers';
import type { TestApp } from '../../test/harness';
import {
  conversationOf,
  createLine,
  customerSays,
  messagesOf,
  phoneNumbers,
  repliesTo,
  settle,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type Line,
  type PipelineApp,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';

/**
 * Appointment reminders on WhatsApp (ADR 0029), on the embedded database and on
 * PostgreSQL: scheduled when an appointment is booked and sent once at its time through the
 * agent's number with the customer's text; a move or a cancel before it leaves the old one unsent;
 * business hours defer or skip it; the customer's "1" confirms and "2" cancels without the model.
 * Time is made short by the lead itself: the appointment is booked on the first slot a little more
 * than two hours ahead and the reminder set to go that long before it less a few seconds.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let owner: ScheduleOwner;
let line: Line;
const newPhone = phoneNumbers(81000000);
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s } = app);
  owner = await ownerWithSchedule(t, { capacity: 20 });
  // open all day, every day, so a slot about two hours ahead exists whatever the hour
  const res = await owner.client.put(`/api/agents/${owner.agentId}/availability`, {
    timezone: SP,
    weekly: everyHour(20),
  });
  expect(res.status).toBe(200);
  line = await createLine(t, s, owner.agentId);
}, 60_000);
afterAll(() => stopPipelineApp(app));

/** Reminders set so the one for `startsAt` is due `inMs` from now (and one a day before). */
async function remindIn(startsAt: Date, inMs: number, more: number[] = []) {
  const hours = (startsAt.getTime() - Date.now() - inMs) / HOUR;
  const res = await owner.client.put(`/api/agents/${owner.agentId}/reminders`, {
    enabled: true,
    hoursBefore: [hours, ...more],
  });
  expect(res.status).toBe(200);
  return hours;
}

/** Waits until a cancelled reminder's time has passed and the app is quiet: it had its chance. */
async function pastDue(dueAt: Date) {
  await waitFor(async () => Date.now() > dueAt.getTime() + 1000, "the reminder's time passed");
  await settle(t, s);
}

async function bookFor(phone: string, startsAt: Date) {
  const res = await owner.client.post('/api/appointments', {
    agentId: owner.agentId,
    serviceId: owner.serviceId,
    startsAt: startsAt.toISOString(),
    customerName: 'João Pereira',
    customerPhone: `+${phone}`,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

function remindersOf(appointmentId: number) {
  return t.ctx.database.db
    .select()
    .from(appointmentReminders)
    .where(eq(appointmentReminders.appointmentId, appointmentId))
    .orderBy(appointmentReminders.id);
}

async function appointmentStatus(id: number) {
  const [row] = await t.ctx.database.db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row!.status;
}

/** The text as the customer reads it, formatted independently of the module. */
function expectedText(startsAt: Date) {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: SP });
  const when = day(startsAt) === day(new Date()) ? 'hoje' : 'amanhã';
  const weekday = new Intl.DateTimeFormat('pt-BR', { timeZone: SP, weekday: 'long' }).format(
    startsAt,
  );
  const ddmm = new Intl.DateTimeFormat('pt-BR', {
    timeZone: SP,
    day: '2-digit',
    month: '2-digit',
  }).format(startsAt);
  const hhmm = new Intl.DateTimeFormat('pt-BR', {
    timeZone: SP,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(startsAt);
  return (
    `Olá, João! Lembrete: Corte de cabelo ${when}, ${weekday} ${ddmm} às ${hhmm}. ` +
    'Responda 1 para confirmar ou 2 para cancelar.'
  );
}

/** Books an appointment whose reminder goes in a few seconds and waits until it went. */
async function remindedCustomer() {
  const phone = newPhone();
  const startsAt = slotAhead(2 * HOUR + 60_000);
  await remindIn(startsAt, 4000);
  const id = await bookFor(phone, startsAt);
  const [out] = await waitForReplies(s, line, phone, 1, 30_000);
  await waitFor(async () => (await remindersOf(id))[0]?.status === 'sent', 'reminder sent');
  return { phone, startsAt, id, text: out!.text };
}

describe('appointment reminders', () => {
  it('validates the settings and defaults to 24 h and 2 h before', async () => {
    const other = await ownerWithSchedule(t);
    const got = await other.client.get(`/api/agents/${other.agentId}/reminders`);
    expect(got.body).toEqual({ enabled: true, hoursBefore: [24, 2] });
    for (const hoursBefore of [[0], [200], [2, 2], [1, 2, 3, 4]]) {
      const bad = await other.client.put(`/api/agents/${other.agentId}/reminders`, {
        enabled: true,
        hoursBefore,
      });
      expect(bad.status, JSON.stringify(hoursBefore)).toBe(400);
    }
    // another owner's agent is not found
    const foreign = await owner.client.get(`/api/agents/${other.agentId}/reminders`);
    expect(foreign.status).toBe(404);
  });

  it('schedules on booking and sends once, at its time, with the text, in the conversation', async () => {
    const phone = newPhone();
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = await remindIn(startsAt, 5000, [24]);
    const id = await bookFor(phone, startsAt);
    const rows = await remindersOf(id);
    // the 24 h one was inside its lead when booked: skipped; ours scheduled for its time
    expect(rows.map((r) => [r.hoursBefore, r.status, r.reason])).toEqual(
      expect.arrayContaining([
        [24, 'skipped', 'inside-lead'],
        [hours, 'scheduled', null],
      ]),
    );
    const scheduled = rows.find((r) => r.status === 'scheduled')!;
    expect(Math.abs(scheduled.dueAt.getTime() - (startsAt.getTime() - hours * HOUR))).toBeLessThan(
      5,
    );
    expect(await repliesTo(s, line, phone)).toHaveLength(0);
    const [out] = await waitForReplies(s, line, phone, 1, 30_000);
    // not before its time
    expect(Date.now()).toBeGreaterThanOrEqual(scheduled.dueAt.getTime() - 50);
    expect(out!.text).toBe(expectedText(startsAt));
    await waitFor(async () => (await remindersOf(id))[1]?.status === 'sent', 'reminder sent');
    // once: nothing more after the job, its retries and the sweep had their chance
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const conversation = await conversationOf(t, owner.agentId, phone);
    const stored = await messagesOf(t, conversation!.id);
    expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
      ['assistant', expectedText(startsAt), 'done'],
    ]);
    expect(stored[0]!.gatewayMessageId).toBe(out!.keyId);
    expect(stored[0]!.origin).toBe('reminder');
  });

  it("an owner's move before the reminder: the old one unsent, the new time scheduled, the customer told", async () => {
    const phone = newPhone();
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = await remindIn(startsAt, 5000);
    const id = await bookFor(phone, startsAt);
    const later = new Date(startsAt.getTime() + 24 * HOUR);
    const moved = await owner.client.patch(`/api/appointments/${id}`, {
      startsAt: later.toISOString(),
    });
    expect(moved.status, moved.text).toBe(200);
    const rows = (await remindersOf(id)).filter((r) => r.kind === 'reminder');
    expect(rows.map((r) => [r.startsAt.getTime(), r.status])).toEqual([
      [startsAt.getTime(), 'cancelled'],
      [later.getTime(), 'scheduled'],
    ]);
    expect(Math.abs(rows[1]!.dueAt.getTime() - (later.getTime() - hours * HOUR))).toBeLessThan(5);
    await waitFor(
      async () => (await remindersOf(id)).find((r) => r.kind === 'moved')?.status === 'sent',
      'the move told',
    );
    await pastDue(rows[0]!.dueAt);
    // the customer is told of the owner's move, once; the old reminder never goes
    const out = await repliesTo(s, line, phone);
    expect(out.map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^Olá, João! Seu horário de Corte de cabelo mudou para .* às \d\d:\d\d\./,
      ),
    ]);
    const after = await remindersOf(id);
    expect(after[0]!.status).toBe('cancelled');
    expect(after.find((r) => r.kind === 'moved')?.status).toBe('sent');
  });

  it("an owner's cancel before the reminder: no reminder, the customer told", async () => {
    const phone = newPhone();
    const startsAt = slotAhead(2 * HOUR + 60_000);
    await remindIn(startsAt, 4000);
    const id = await bookFor(phone, startsAt);
    const cancelled = await owner.client.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect((await remindersOf(id)).map((r) => [r.kind, r.status])).toEqual([
      ['reminder', 'cancelled'],
      ['cancelled', expect.stringMatching(/scheduled|sending|sent/)],
    ]);
    await waitFor(
      async () => (await remindersOf(id)).find((r) => r.kind === 'cancelled')?.status === 'sent',
      'the cancel told',
    );
    await pastDue((await remindersOf(id)).find((r) => r.kind === 'reminder')!.dueAt);
    // only the notice of the owner's cancel, with the booking link; no reminder
    const out = await repliesTo(s, line, phone);
    expect(out.map((m) => m.text)).toEqual([
      expect.stringMatching(
        /^Olá, João\. Seu horário de Corte de cabelo em .* foi cancelado\. Para marcar outro horário: http.*\/agendar\//,
      ),
    ]);
  });

  it('outside business hours: deferred to the next opening, or skipped when that is too late', async () => {
    const startsAt = slotAhead(2 * HOUR + 60_000);
    // open from a few minutes from now (São Paulo wall clock) to midnight, every day
    const opening = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      timeZone: SP,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(opening);
    const week = (start: string, days: number[]) =>
      days.map((weekday) => ({ weekday, start, end: '24:00' }));
    const hoursPut = (weekly: unknown[]) =>
      owner.client.put(`/api/agents/${owner.agentId}/business-hours`, {
        timezone: SP,
        weekly,
        holidays: [],
        outOfHours: 'answer',
        outOfHoursMessage: '',
      });
    try {
      expect((await hoursPut(week(hhmm, [0, 1, 2, 3, 4, 5, 6]))).status).toBe(200);
      await remindIn(startsAt, 5000);
      const deferred = await bookFor(newPhone(), startsAt);
      const [row] = await remindersOf(deferred);
      if (opening.getTime() < startsAt.getTime() && hhmm < '23:00') {
        expect(row!.status).toBe('scheduled');
        expect(row!.dueAt.getTime()).toBe(opening.getTime());
      }
      // open only on a day three days from now: nothing opens before the appointment
      const today = new Date(new Date().toLocaleString('en-US', { timeZone: SP })).getDay();
      expect((await hoursPut(week('00:00', [(today + 3) % 7]))).status).toBe(200);
      const skipped = await bookFor(newPhone(), startsAt);
      expect((await remindersOf(skipped)).map((r) => [r.status, r.reason])).toEqual([
        ['skipped', 'closed'],
      ]);
    } finally {
      expect((await hoursPut([])).status).toBe(200);
    }
  });

  it('"1" confirms and "2" cancels, answered without the model', async () => {
    const modelCalls = () => app.ai.requests.filter((r) => r.path.includes('chat')).length;
    const before = modelCalls();
    const yes = await remindedCustomer();
    await customerSays(s, line, { from: yes.phone, text: 'Sim!', pushName: 'João' });
    const [, confirmation] = await waitForReplies(s, line, yes.phone, 2, 30_000);
    expect(confirmation!.text).toMatch(
      /^Obrigado, João! Seu horário de Corte de cabelo em .* está confirmado/,
    );
    expect((await remindersOf(yes.id))[0]!.answer).toBe('confirmed');
    expect(await appointmentStatus(yes.id)).toBe('confirmed');

    const no = await remindedCustomer();
    await customerSays(s, line, { from: no.phone, text: '2', pushName: 'João' });
    const [, cancellation] = await waitForReplies(s, line, no.phone, 2, 30_000);
    expect(cancellation!.text).toMatch(
      /foi cancelado\. Para marcar outro horário: http.*\/agendar\//,
    );
    expect(await appointmentStatus(no.id)).toBe('cancelled');
    expect((await remindersOf(no.id))[0]!.answer).toBe('cancelled');
    expect(modelCalls()).toBe(before);

    // anything else is the model's
    await customerSays(s, line, { from: yes.phone, text: 'Qual o endereço?', pushName: 'João' });
    await waitForReplies(s, line, yes.phone, 3, 30_000);
    expect(modelCalls()).toBeGreaterThan(before);
  });

  it("an owner's cancel of an appointment booked in the website chat: told in that conversation", async () => {
    const db = t.ctx.database.db;
    const [chat] = await db
      .insert(conversations)
      .values({ agentId: owner.agentId, channel: 'webchat', contactId: `visitor-${Date.now()}` })
      .returning();
    const startsAt = slotAhead(26 * HOUR);
    const id = await bookFor(newPhone(), startsAt);
    await db.update(appointments).set({ conversationId: chat!.id }).where(eq(appointments.id, id));
    const cancelled = await owner.client.patch(`/api/appointments/${id}`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const told = await waitFor(async () => {
      const list = await db.select().from(messages).where(eq(messages.conversationId, chat!.id));
      return list.length > 0 ? list : null;
    }, 'the notice in the website conversation');
    expect(told.map((m) => [m.role, m.status])).toEqual([['assistant', 'done']]);
    expect(told[0]!.content).toMatch(
      /^Olá, João\. Seu horário de Corte de cabelo em .* foi cancelado/,
    );
    await settle(t, s);
    expect(
      await db.select().from(messages).where(eq(messages.conversationId, chat!.id)),
    ).toHaveLength(1);
    const notice = (await remindersOf(id)).find((r) => r.kind === 'cancelled');
    expect(notice?.status).toBe('sent');
  });

  it('no connected number: skipped, with why', async () => {
    const other = await ownerWithSchedule(t);
    await other.client.put(`/api/agents/${other.agentId}/availability`, {
      timezone: SP,
      weekly: everyHour(5),
    });
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = (startsAt.getTime() - Date.now() - 3000) / HOUR;
    await other.client.put(`/api/agents/${other.agentId}/reminders`, {
      enabled: true,
      hoursBefore: [hours],
    });
    const res = await other.client.post('/api/appointments', {
      agentId: other.agentId,
      serviceId: other.serviceId,
      startsAt: startsAt.toISOString(),
      customerName: 'Maria',
      customerPhone: '(11) 91234-5678',
    });
    expect(res.status).toBe(201);
    await waitFor(
      async () => (await remindersOf(res.body.id))[0]?.status === 'skipped',
      'reminder skipped',
      20_000,
    );
    expect((await remindersOf(res.body.id))[0]!.reason).toBe('no-whatsapp');
  });
});
