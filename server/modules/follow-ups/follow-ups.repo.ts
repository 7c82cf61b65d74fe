import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { sendOnceStatements } from '../../jobs/send-once';
import {
  agents,
  appointments,
  contacts,
  conversationEvents,
  conversations,
  followUps,
  followUpSettings,
  messages,
} from '../../db/schema';
import { appendEventOnce } from '../conversations';

/**
 * Every statement of the follow-ups module. The once-only send's (defer, skip, claimSending,
 * setMessage, claimResend, markSent, overdue) are the reminders' too, made for this table by
 * server/jobs/send-once.ts.
 */

export type FollowUpRow = typeof followUps.$inferSelect;

export const { defer, skip, claimSending, setMessage, claimResend, markSent, overdue } =
  sendOnceStatements(followUps, { skipColumn: 'skipReason', messageColumns: [] });

/** The conversation event that records a customer's 'parar' (no follow-up again). */
export const FOLLOW_UPS_STOPPED_EVENT = 'follow_ups_stopped';

export async function findSettings(db: AppDb, agentId: number) {
  const rows = await db
    .select()
    .from(followUpSettings)
    .where(eq(followUpSettings.agentId, agentId))
    .limit(1);
  return rows[0] ?? null;
}

export async function saveSettings(
  db: AppDb,
  row: { agentId: number; ownerId: number; enabled: boolean; delaysHours: number[] },
) {
  await db
    .insert(followUpSettings)
    .values(row)
    .onConflictDoUpdate({
      target: followUpSettings.agentId,
      set: { enabled: row.enabled, delaysHours: row.delaysHours, updatedAt: new Date() },
    });
}

/** The conversation as a follow-up reads it: its agent, its state and its contact's notes. */
export async function conversationOf(db: AppDb, conversationId: number) {
  const rows = await db
    .select({
      id: conversations.id,
      channel: conversations.channel,
      contactId: conversations.contactId,
      contactName: conversations.contactName,
      handedOverAt: conversations.handedOverAt,
      botPausedUntil: conversations.botPausedUntil,
      lastMessageId: conversations.lastMessageId,
      agent: agents,
      contactDisplayName: contacts.name,
      interest: contacts.interest,
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .leftJoin(contacts, eq(contacts.id, conversations.linkedContactId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return rows[0] ?? null;
}
export type FollowUpConversation = NonNullable<Awaited<ReturnType<typeof conversationOf>>>;

/** The conversation's newest messages, newest first (the turn's texts, the model's memory). */
export function recentMessages(db: AppDb, conversationId: number, limit: number) {
  return db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      status: messages.status,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** When the customer last wrote: WhatsApp's 24-hour window counts from it. */
export async function lastCustomerMessageAt(db: AppDb, conversationId: number) {
  const rows = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
    .orderBy(desc(messages.id))
    .limit(1);
  return rows[0]?.at ?? null;
}

/** When a message was stored (a follow-up's open message: its delays count from it). */
export async function messageCreatedAt(db: AppDb, messageId: number): Promise<Date | null> {
  const rows = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  return rows[0]?.at ?? null;
}

/** Whether the customer has an appointment ahead booked in this conversation or by this phone. */
export async function bookedAhead(
  db: AppDb,
  agentId: number,
  conversationId: number,
  phone: string,
) {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.agentId, agentId),
        eq(appointments.status, 'confirmed'),
        gt(appointments.startsAt, sql`now()`),
        or(eq(appointments.conversationId, conversationId), eq(appointments.customerPhone, phone)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function stoppedByCustomer(db: AppDb, conversationId: number) {
  const rows = await db
    .select({ id: conversationEvents.id })
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.conversationId, conversationId),
        eq(conversationEvents.kind, FOLLOW_UPS_STOPPED_EVENT),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The customer said 'parar': recorded once (the event), and the conversation's follow-ups not
 * sent yet are cancelled. Resolves to whether this call recorded it.
 */
export async function recordStop(db: AppDb, conversationId: number): Promise<boolean> {
  const recorded = await appendEventOnce(db, conversationId, {
    kind: FOLLOW_UPS_STOPPED_EVENT,
    by: 'keyword',
  });
  await cancelOutstanding(db, conversationId, 'stopped');
  return recorded;
}

/** The conversation's follow-ups not claimed yet end unsent, with why; resolves to how many. */
export async function cancelOutstanding(db: AppDb, conversationId: number, reason: string) {
  const rows = await db
    .update(followUps)
    .set({ status: 'cancelled', skipReason: reason })
    .where(and(eq(followUps.conversationId, conversationId), eq(followUps.status, 'scheduled')))
    .returning({ id: followUps.id });
  return rows.length;
}

/** Inserts the follow-up unless it is stored already (the unique key); null then. */
export async function insertFollowUp(
  db: AppDb,
  row: typeof followUps.$inferInsert,
): Promise<FollowUpRow | null> {
  const rows = await db.insert(followUps).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findFollowUp(db: AppDb, id: number): Promise<FollowUpRow | null> {
  const rows = await db.select().from(followUps).where(eq(followUps.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Who wrote in the conversation after the open message, apart from its own follow-ups: the
 * customer ('user'), a person of the business ('human') or the agent again ('assistant').
 */
export async function writtenSince(db: AppDb, row: FollowUpRow): Promise<Set<string>> {
  const result = await queryRows<{ role: string }>(
    db,
    sql`SELECT DISTINCT m.role FROM messages m
      WHERE m.conversation_id = ${row.conversationId} AND m.id > ${row.afterMessageId}
        AND NOT EXISTS (SELECT 1 FROM follow_ups f
          WHERE f.conversation_id = m.conversation_id AND f.message_id = m.id)`,
  );
  return new Set(result.map((r) => r.role));
}

/** The follow-up before this one (attempt n − 1) of the same open message. */
export async function previousAttempt(db: AppDb, row: FollowUpRow) {
  const rows = await db
    .select()
    .from(followUps)
    .where(
      and(
        eq(followUps.conversationId, row.conversationId),
        eq(followUps.afterMessageId, row.afterMessageId),
        eq(followUps.attempt, row.attempt - 1),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export function followUpsOf(db: AppDb, conversationIds: number[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(followUps)
    .where(inArray(followUps.conversationId, conversationIds))
    .orderBy(asc(followUps.id));
}
