import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import {
  appointmentReminders,
  appointmentServices,
  agents,
  appointments,
  conversations,
  messages,
  reminderSettings,
} from '../../db/schema';

/** Every statement of the reminders module. */

export type ReminderRow = typeof appointmentReminders.$inferSelect;

export async function findSettings(db: AppDb, agentId: number) {
  const rows = await db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.agentId, agentId))
    .limit(1);
  return rows[0] ?? null;
}

export async function saveSettings(
  db: AppDb,
  row: { agentId: number; ownerId: number; enabled: boolean; hoursBefore: number[] },
) {
  await db
    .insert(reminderSettings)
    .values(row)
    .onConflictDoUpdate({
      target: reminderSettings.agentId,
      set: { enabled: row.enabled, hoursBefore: row.hoursBefore, updatedAt: new Date() },
    });
}

/** The appointment as a reminder reads it: its customer, service, start and agent's language. */
export async function appointmentOf(db: AppDb, appointmentId: number) {
  const rows = await db
    .select({
      id: appointments.id,
      ownerId: appointments.ownerId,
      agentId: appointments.agentId,
      startsAt: appointments.startsAt,
      status: appointments.status,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      serviceName: appointmentServices.name,
      agentLanguage: agents.language,
      conversationId: appointments.conversationId,
      conversationChannel: conversations.channel,
    })
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .innerJoin(agents, eq(agents.id, appointments.agentId))
    .leftJoin(conversations, eq(conversations.id, appointments.conversationId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return rows[0] ?? null;
}
export type ReminderAppointment = NonNullable<Awaited<ReturnType<typeof appointmentOf>>>;

/**
 * The appointment's reminders not yet sent that are not for `startsAt` (a move) — or all of them
 * (`startsAt` null: a cancel) — become cancelled; resolves to how many.
 */
export async function cancelOutstanding(db: AppDb, appointmentId: number, startsAt: Date | null) {
  const rows = await db
    .update(appointmentReminders)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(appointmentReminders.appointmentId, appointmentId),
        eq(appointmentReminders.kind, 'reminder'),
        eq(appointmentReminders.status, 'scheduled'),
        startsAt ? ne(appointmentReminders.startsAt, startsAt) : undefined,
      ),
    )
    .returning({ id: appointmentReminders.id });
  return rows.length;
}

/** Inserts the reminders not stored yet (the unique key); resolves to those inserted. */
export async function insertReminders(
  db: AppDb,
  rows: (typeof appointmentReminders.$inferInsert)[],
): Promise<ReminderRow[]> {
  if (rows.length === 0) return [];
  return db.insert(appointmentReminders).values(rows).onConflictDoNothing().returning();
}

export async function findReminder(db: AppDb, id: number): Promise<ReminderRow | null> {
  const rows = await db
    .select()
    .from(appointmentReminders)
    .where(eq(appointmentReminders.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The other reminders of the same appointment and start (the next one's due time). */
export function siblings(db: AppDb, row: ReminderRow) {
  return db
    .select()
    .from(appointmentReminders)
    .where(
      and(
        eq(appointmentReminders.appointmentId, row.appointmentId),
        eq(appointmentReminders.kind, 'reminder'),
        eq(appointmentReminders.startsAt, row.startsAt),
        ne(appointmentReminders.id, row.id),
      ),
    );
}

/** A scheduled reminder whose due time moves (the business was closed at its time). */
export async function defer(db: AppDb, row: ReminderRow, dueAt: Date) {
  const rows = await db
    .update(appointmentReminders)
    .set({ dueAt })
    .where(and(eq(appointmentReminders.id, row.id), eq(appointmentReminders.status, 'scheduled')))
    .returning({ id: appointmentReminders.id });
  return rows.length > 0;
}

/** Ends a reminder that will not be sent, from the state it was read in. */
export async function skip(db: AppDb, row: ReminderRow, reason: string) {
  await db
    .update(appointmentReminders)
    .set({ status: 'skipped', reason })
    .where(and(eq(appointmentReminders.id, row.id), eq(appointmentReminders.status, row.status)));
}

/** The claim: scheduled → sending, once; resolves to the row claimed, or null. */
export async function claimSending(db: AppDb, row: ReminderRow): Promise<ReminderRow | null> {
  const rows = await db
    .update(appointmentReminders)
    .set({ status: 'sending', attemptAt: new Date() })
    .where(and(eq(appointmentReminders.id, row.id), eq(appointmentReminders.status, 'scheduled')))
    .returning();
  return rows[0] ?? null;
}

/** Records the stored message, unless another attempt recorded one first. */
export async function setMessage(
  db: AppDb,
  id: number,
  message: { conversationId: number; messageId: number },
) {
  const rows = await db
    .update(appointmentReminders)
    .set({ ...message, attemptAt: new Date() })
    .where(and(eq(appointmentReminders.id, id), isNull(appointmentReminders.messageId)))
    .returning({ id: appointmentReminders.id });
  return rows.length > 0;
}

/** A resend's claim: only the attempt that read `attemptAt` may send again. */
export async function claimResend(db: AppDb, row: ReminderRow) {
  const rows = await db
    .update(appointmentReminders)
    .set({ attemptAt: new Date() })
    .where(
      and(
        eq(appointmentReminders.id, row.id),
        eq(appointmentReminders.status, 'sending'),
        row.attemptAt ? eq(appointmentReminders.attemptAt, row.attemptAt) : undefined,
      ),
    )
    .returning({ id: appointmentReminders.id });
  return rows.length > 0;
}

export async function markSent(db: AppDb, id: number) {
  await db
    .update(appointmentReminders)
    .set({ status: 'sent', sentAt: new Date() })
    .where(and(eq(appointmentReminders.id, id), eq(appointmentReminders.status, 'sending')));
}

/**
 * The reminder a customer's message in this conversation may answer: the newest one sent, of an
 * appointment still ahead, unanswered — or answered by this very message (a turn planned again).
 */
export async function answerable(db: AppDb, conversationId: number, messageId: number | null) {
  const rows = await db
    .select({ reminder: appointmentReminders })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .where(
      and(
        eq(appointmentReminders.conversationId, conversationId),
        eq(appointmentReminders.kind, 'reminder'),
        eq(appointmentReminders.status, 'sent'),
        eq(appointments.startsAt, appointmentReminders.startsAt),
        gt(appointments.startsAt, sql`now()`),
        or(
          isNull(appointmentReminders.answer),
          messageId === null ? undefined : eq(appointmentReminders.answerMessageId, messageId),
        ),
      ),
    )
    .orderBy(desc(appointmentReminders.sentAt))
    .limit(1);
  return rows[0]?.reminder ?? null;
}

export async function recordAnswer(
  db: AppDb,
  id: number,
  answer: 'confirmed' | 'cancelled',
  messageId: number | null,
) {
  await db
    .update(appointmentReminders)
    .set({ answer, answerMessageId: messageId, answeredAt: new Date() })
    .where(eq(appointmentReminders.id, id));
}

/**
 * The sweep: scheduled reminders due by `before` and sends whose last attempt is older than
 * `stale` (their job may be gone), oldest first.
 */
export function overdue(db: AppDb, before: Date, stale: Date, limit: number) {
  return db
    .select({ id: appointmentReminders.id, dueAt: appointmentReminders.dueAt })
    .from(appointmentReminders)
    .where(
      or(
        and(eq(appointmentReminders.status, 'scheduled'), lte(appointmentReminders.dueAt, before)),
        and(eq(appointmentReminders.status, 'sending'), lt(appointmentReminders.attemptAt, stale)),
      ),
    )
    .orderBy(asc(appointmentReminders.dueAt))
    .limit(limit);
}

export async function remindersOf(db: AppDb, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select()
    .from(appointmentReminders)
    .where(inArray(appointmentReminders.appointmentId, appointmentIds))
    .orderBy(asc(appointmentReminders.id));
}

/**
 * A notice for a website conversation: the assistant message is added and the row marked sent in
 * one transaction, once (the row must still be sending, without a message).
 */
export async function postToConversation(
  db: AppDb,
  reminderId: number,
  conversationId: number,
  text: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(appointmentReminders)
      .set({ status: 'sent', sentAt: new Date(), conversationId })
      .where(
        and(
          eq(appointmentReminders.id, reminderId),
          eq(appointmentReminders.status, 'sending'),
          isNull(appointmentReminders.messageId),
        ),
      )
      .returning({ id: appointmentReminders.id });
    if (claimed.length === 0) return false;
    const [message] = await tx
      .insert(messages)
      .values({
        conversationId,
        role: 'assistant',
        content: text,
        kind: 'text',
        status: 'done',
        origin: 'appointment-notice',
      })
      .returning({ id: messages.id });
    await tx
      .update(appointmentReminders)
      .set({ messageId: message!.id })
      .where(eq(appointmentReminders.id, reminderId));
    return true;
  });
}
