import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { sendOnceStatements } from '../../jobs/send-once';
import {
  appointmentReminders,
  appointmentServices,
  agents,
  appointments,
  conversations,
  reminderSettings,
} from '../../db/schema';
import { insertBusinessMessage } from '../conversations';

/**
 * Every statement of the reminders module. The once-only send's (defer, skip, claimSending,
 * setMessage, claimResend, markSent, overdue) are the follow-ups' too, made for this table by
 * server/jobs/send-once.ts.
 */

export type ReminderRow = typeof appointmentReminders.$inferSelect;

export const { defer, skip, claimSending, setMessage, claimResend, markSent, overdue } =
  sendOnceStatements(appointmentReminders, {
    skipColumn: 'reason',
    // the conversation the message went to: the customer's answer is looked for there (answerable)
    messageColumns: ['conversationId'],
  });

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
    const messageId = await insertBusinessMessage(
      tx,
      conversationId,
      text,
      'appointment-notice',
      'done',
    );
    await tx
      .update(appointmentReminders)
      .set({ messageId })
      .where(eq(appointmentReminders.id, reminderId));
    return true;
  });
}
