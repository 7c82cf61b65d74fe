import { DEFAULT_REMINDER_HOURS, type ReminderSettings } from '@common/schemas/reminders';
import type { AppContext } from '../../app-context';
import { customerLanguage, translate } from '../../lib/i18n';
import { getAgent } from '../agents';
import { publishConversationEvents } from '../events';
import {
  bookingLink,
  businessHoursOf,
  cancelForCustomer,
  type AppointmentChange,
} from '../appointments';
import {
  abandonContactMessage,
  resumeContactMessage,
  sendContactMessage,
  storeContactMessage,
} from '../whatsapp';
import { atSendTime, planReminders } from './reminder-plan';
import * as repo from './reminders.repo';

/**
 * Appointment reminders (ADR 0029): scheduled when an appointment is booked or moved,
 * cancelled with it, sent once through the agent's WhatsApp number, answered by the customer
 * ("1" confirms, "2" cancels).
 */

export type ReminderQueue = (ctx: AppContext, reminderId: number, at: Date) => Promise<void>;

export async function getReminderSettings(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<ReminderSettings> {
  await getAgent(ctx.database.db, ownerId, agentId);
  return settingsOf(ctx, agentId);
}

async function settingsOf(ctx: AppContext, agentId: number): Promise<ReminderSettings> {
  const row = await repo.findSettings(ctx.database.db, agentId);
  return row
    ? { enabled: row.enabled, hoursBefore: row.hoursBefore }
    : { enabled: true, hoursBefore: [...DEFAULT_REMINDER_HOURS] };
}

/** Saves the settings; appointments already scheduled keep their reminders until they move. */
export async function saveReminderSettings(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: ReminderSettings,
): Promise<ReminderSettings> {
  await getAgent(ctx.database.db, ownerId, agentId);
  const hoursBefore = [...input.hoursBefore].sort((a, b) => b - a);
  await repo.saveSettings(ctx.database.db, {
    agentId,
    ownerId,
    enabled: input.enabled,
    hoursBefore,
  });
  return { enabled: input.enabled, hoursBefore };
}

/**
 * An appointment changed (the appointments module's listener): a cancel cancels its reminders
 * not sent yet; a booking or a move cancels those of another start and schedules the new start's
 * (idempotent: the unique key keeps what is stored).
 */
export async function onAppointmentChange(
  ctx: AppContext,
  change: AppointmentChange,
  queue: ReminderQueue,
): Promise<void> {
  const db = ctx.database.db;
  const appointment = await repo.appointmentOf(db, change.appointmentId);
  if (!appointment) return;
  if (appointment.status !== 'confirmed') {
    await repo.cancelOutstanding(db, change.appointmentId, null);
    if (change.by === 'owner') await notify(ctx, appointment, 'cancelled', queue);
    return;
  }
  await repo.cancelOutstanding(db, appointment.id, appointment.startsAt);
  if (change.by === 'owner' && change.kind === 'moved') {
    await notify(ctx, appointment, 'moved', queue);
  }
  const settings = await settingsOf(ctx, appointment.agentId);
  if (!settings.enabled || settings.hoursBefore.length === 0) return;
  const hours = await businessHoursOf(ctx, appointment.ownerId, appointment.agentId);
  const planned = planReminders(appointment.startsAt, settings.hoursBefore, hours, Date.now());
  const inserted = await repo.insertReminders(
    db,
    planned.map((p) => ({
      ownerId: appointment.ownerId,
      agentId: appointment.agentId,
      appointmentId: appointment.id,
      hoursBefore: p.hoursBefore,
      startsAt: appointment.startsAt,
      dueAt: p.dueAt,
      status: p.skipped ? 'skipped' : 'scheduled',
      reason: p.skipped,
    })),
  );
  for (const row of inserted) {
    if (row.status === 'scheduled') await queue(ctx, row.id, row.dueAt);
  }
}

/**
 * The owner moved or cancelled the appointment in the agenda: the customer is told at once on
 * WhatsApp, through the same once-only send as a reminder (business hours do not hold it back:
 * the owner has just acted). The key (appointment, kind, start) sends one notice per new start.
 */
async function notify(
  ctx: AppContext,
  appointment: repo.ReminderAppointment,
  kind: 'moved' | 'cancelled',
  queue: ReminderQueue,
) {
  if (appointment.startsAt.getTime() <= Date.now()) return;
  const [row] = await repo.insertReminders(ctx.database.db, [
    {
      ownerId: appointment.ownerId,
      agentId: appointment.agentId,
      appointmentId: appointment.id,
      kind,
      hoursBefore: 0,
      startsAt: appointment.startsAt,
      dueAt: new Date(),
      status: 'scheduled',
    },
  ]);
  if (row) await queue(ctx, row.id, row.dueAt);
}

/** Whether the appointment is still as the row was made for (a reminder's, a notice's). */
function stillCurrent(row: repo.ReminderRow, appointment: repo.ReminderAppointment | null) {
  if (!appointment || appointment.startsAt.getTime() !== row.startsAt.getTime()) return false;
  return appointment.status === (row.kind === 'cancelled' ? 'cancelled' : 'confirmed');
}

/** The text a row sends: the reminder, or the notice of the owner's change. */
async function outgoingText(
  ctx: AppContext,
  row: repo.ReminderRow,
  appointment: repo.ReminderAppointment,
  zone: string,
) {
  if (row.kind === 'reminder') return reminderText(appointment, zone, new Date());
  const extra: Record<string, string> =
    row.kind === 'cancelled'
      ? { link: (await bookingLink(ctx, appointment.ownerId, appointment.agentId)).url }
      : {};
  return reminderText(
    appointment,
    zone,
    new Date(),
    row.kind === 'cancelled' ? 'ownerCancelled' : 'ownerMoved',
    extra,
  );
}

/**
 * The reminder's text, in the business hours' zone and the agent's language (English for an
 * English-speaking agent, else Portuguese).
 */
export function reminderText(
  appointment: Pick<
    repo.ReminderAppointment,
    'customerName' | 'serviceName' | 'startsAt' | 'agentLanguage'
  >,
  zone: string,
  now: Date,
  key: 'text' | 'confirmed' | 'cancelled' | 'ownerMoved' | 'ownerCancelled' = 'text',
  extra: Record<string, string> = {},
): string {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: zone });
  const start = appointment.startsAt;
  const tomorrow = new Date(now.getTime() + 86_400_000);
  const when =
    day(start) === day(now) ? 'today' : day(start) === day(tomorrow) ? 'tomorrow' : 'later';
  const lang = customerLanguage(appointment.agentLanguage);
  const locale = lang === 'en' ? 'en-US' : 'pt-BR';
  const weekday = start.toLocaleDateString(locale, { timeZone: zone, weekday: 'long' });
  const ddmm = start.toLocaleDateString(locale, {
    timeZone: zone,
    day: '2-digit',
    month: '2-digit',
  });
  const time = start.toLocaleTimeString(locale, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const params = {
    name: appointment.customerName.split(/\s+/)[0] ?? appointment.customerName,
    service: appointment.serviceName,
    date: `${weekday} ${ddmm}`,
    time,
    ...extra,
  };
  const path = key === 'text' ? `reminders.text.${when}` : `reminders.${key}`;
  return translate(path, lang, params);
}

/**
 * The reminder job: sends the reminder once. A first run claims it (scheduled → sending), stores
 * its message in the contact's conversation and sends it. A run that finds it sending (the last
 * attempt crashed or failed) sends again only when the message is not known to have gone out:
 * its gateway id not recorded and no echo of it arrived within ECHO_WAIT_MS (ADR 0029).
 */
export async function runReminder(
  ctx: AppContext,
  reminderId: number,
  queue: ReminderQueue,
): Promise<'sent' | 'skipped' | 'deferred' | 'waiting' | 'none'> {
  const db = ctx.database.db;
  let row = await repo.findReminder(db, reminderId);
  if (!row || (row.status !== 'scheduled' && row.status !== 'sending')) return 'none';
  const appointment = await repo.appointmentOf(db, row.appointmentId);
  const current = stillCurrent(row, appointment);
  if (row.status === 'scheduled') {
    if (!appointment || !current) {
      await repo.skip(db, row, 'changed');
      return 'skipped';
    }
    if (row.dueAt.getTime() > Date.now() + 1000) {
      // an older job of a deferred reminder: the newer one sends it
      await queue(ctx, row.id, row.dueAt);
      return 'deferred';
    }
    const decision =
      row.kind === 'reminder'
        ? await decide(ctx, row, appointment)
        : Date.now() < row.startsAt.getTime()
          ? ({ action: 'send' } as const)
          : ({ action: 'skip', reason: 'late' } as const);
    if (decision.action === 'skip') {
      await repo.skip(db, row, decision.reason);
      return 'skipped';
    }
    if (decision.action === 'defer') {
      if (await repo.defer(db, row, decision.at)) await queue(ctx, row.id, decision.at);
      return 'deferred';
    }
    row = await repo.claimSending(db, row);
    if (!row) return 'none';
  }
  if (row.messageId === null) {
    if (!appointment || !current) {
      await repo.skip(db, row, 'changed');
      return 'skipped';
    }
    const hours = await businessHoursOf(ctx, appointment.ownerId, appointment.agentId);
    const text = await outgoingText(ctx, row, appointment, hours.timezone);
    if (row.kind !== 'reminder' && appointment.conversationChannel === 'webchat') {
      // booked in the website chat: the notice is a message of that conversation (its history)
      const posted = await repo.postToConversation(db, row.id, appointment.conversationId!, text);
      if (posted) await announce(ctx, appointment.conversationId!);
      return posted ? 'sent' : 'none';
    }
    const stored = await storeContactMessage(ctx, {
      agentId: appointment.agentId,
      phone: appointment.customerPhone,
      contactName: appointment.customerName,
      text,
      origin: row.kind === 'reminder' ? 'reminder' : 'appointment-notice',
    });
    if (!stored) {
      await repo.skip(db, row, 'no-whatsapp');
      return 'skipped';
    }
    if (!(await repo.setMessage(db, row.id, stored))) {
      // another attempt stored (and sends) one first
      await abandonContactMessage(ctx, stored.messageId, 'duplicate');
      return 'none';
    }
    await sendContactMessage(ctx, stored.messageId);
    await repo.markSent(db, row.id);
    await announce(ctx, stored.conversationId);
    return 'sent';
  }
  // Sending, with its message stored: did the last attempt get it out?
  const sending = row;
  return resumeContactMessage(
    ctx,
    { messageId: row.messageId, attemptAt: row.attemptAt },
    {
      markSent: () => repo.markSent(db, sending.id),
      skip: (reason) => repo.skip(db, sending, reason),
      requeue: (at) => queue(ctx, sending.id, at),
      claimResend: () => repo.claimResend(db, sending),
      tooLate: async () =>
        !current || Date.now() >= sending.startsAt.getTime()
          ? { reason: current ? 'late' : 'changed', error: translate('reminders.late', 'pt-BR') }
          : null,
    },
  );
}

/** The owner's open inbox shows the message (best effort: it is stored and sent already). */
async function announce(ctx: AppContext, conversationId: number) {
  await publishConversationEvents(ctx, 'message', [conversationId]).catch(() => undefined);
}

/** Whether a due reminder goes now: the business hours now, and the next reminder's time. */
async function decide(
  ctx: AppContext,
  row: repo.ReminderRow,
  appointment: repo.ReminderAppointment,
) {
  const others = await repo.siblings(ctx.database.db, row);
  const next = others
    .filter(
      (o) => o.hoursBefore < row.hoursBefore && o.status !== 'skipped' && o.status !== 'cancelled',
    )
    .map((o) => o.dueAt.getTime());
  const limit = Math.min(appointment.startsAt.getTime(), ...next);
  const hours = await businessHoursOf(ctx, appointment.ownerId, appointment.agentId);
  return atSendTime({ now: Date.now(), startsAt: appointment.startsAt, limit }, hours);
}

const CONFIRM = new Set(['1', 'sim', 'confirmo', 'confirmar', 'confirmado', 'ok', 'okay', 's']);
const CANCEL = new Set(['2', 'cancelar', 'cancela', 'cancelo', 'nao vou', 'nao', 'n']);

/** The customer's words as compared: lower case, no accents, no punctuation around. */
export function answerOf(texts: string[]): 'confirmed' | 'cancelled' | null {
  const text = texts
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (CONFIRM.has(text)) return 'confirmed';
  if (CANCEL.has(text)) return 'cancelled';
  return null;
}

/**
 * The WhatsApp pipeline's fixed answer: a turn that answers an outstanding reminder of this
 * conversation with a confirm or cancel word gets its confirmation without the model (a cancel
 * cancels the appointment and links the booking page); anything else is the model's (null).
 */
export async function reminderAnswer(
  ctx: AppContext,
  turn: {
    agent: { id: number; ownerId: number };
    conversation: { id: number; contactId: string };
    texts: string[];
    messageId: number | null;
  },
): Promise<string | null> {
  const answer = answerOf(turn.texts);
  if (!answer) return null;
  const db = ctx.database.db;
  const reminder = await repo.answerable(db, turn.conversation.id, turn.messageId);
  if (!reminder) return null;
  const appointment = await repo.appointmentOf(db, reminder.appointmentId);
  if (!appointment) return null;
  // a turn planned again after a crash answers as it did, without acting twice
  const given = reminder.answer !== null ? (reminder.answer as typeof answer) : answer;
  if (reminder.answer === null) {
    if (given === 'cancelled' && appointment.status === 'confirmed') {
      await cancelForCustomer(ctx, {
        ownerId: appointment.ownerId,
        agentId: appointment.agentId,
        customerPhone: appointment.customerPhone,
        appointmentId: appointment.id,
      });
    }
    await repo.recordAnswer(db, reminder.id, given, turn.messageId);
  }
  const hours = await businessHoursOf(ctx, appointment.ownerId, appointment.agentId);
  const extra: Record<string, string> =
    given === 'cancelled'
      ? { link: (await bookingLink(ctx, appointment.ownerId, appointment.agentId)).url }
      : {};
  return reminderText(appointment, hours.timezone, new Date(), given, extra);
}
