import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { conversations, messageFiles, messages } from '../../db/schema';
import { PERSON_SEND_STALE_MS, STORED_FILE, type MessageRow } from './message-shapes';

/**
 * The SQL of a person's replies from the inbox: the message (and its file) stored before it is
 * sent, its outcome, and the file read back for the owner or the website visitor.
 */

/** The NOTIFY channel of a website visitor's live messages; its payload is the conversation id. */
export const VISITOR_MESSAGES_CHANNEL = 'visitor_messages';

export interface NewPersonMessage {
  conversationId: number;
  text: string;
  status: 'pending' | 'done';
  file: { data: Buffer; mimetype: string; fileName: string; kind: 'image' | 'file' } | null;
}

/**
 * Stores the person's message (role human) and its file in one transaction; on the website
 * channel the visitor's open widget is woken when it commits.
 */
export async function insertPersonMessage(
  db: AppDb,
  input: NewPersonMessage,
  notifyVisitor: boolean,
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const { file } = input;
    const [row] = await tx
      .insert(messages)
      .values({
        conversationId: input.conversationId,
        role: 'human',
        content: input.text,
        kind: file ? file.kind : 'text',
        media: file
          ? { mimetype: file.mimetype, fileName: file.fileName, storage: STORED_FILE }
          : null,
        status: input.status,
      })
      .returning();
    if (file) {
      await tx.insert(messageFiles).values({
        messageId: row!.id,
        mimetype: file.mimetype,
        fileName: file.fileName,
        size: file.data.length,
        data: file.data,
      });
    }
    await tx
      .update(conversations)
      .set({ updatedAt: new Date() })
      .where(eq(conversations.id, input.conversationId));
    if (notifyVisitor) {
      await tx.execute(
        sql`SELECT pg_notify(${VISITOR_MESSAGES_CHANNEL}, ${String(input.conversationId)})`,
      );
    }
    return row!;
  });
}

export async function messageRow(
  db: AppDb,
  conversationId: number,
  messageId: number,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/** Sent: the gateway's id is recorded (unless the echo recorded it first). */
export async function markPersonMessageSent(db: AppDb, messageId: number, gatewayId: string) {
  await db
    .update(messages)
    .set({ gatewayMessageId: gatewayId, status: 'done', error: null })
    .where(and(eq(messages.id, messageId), isNull(messages.gatewayMessageId)));
}

/** Not sent: failed with the reason, unless its echo meanwhile proved it went out. */
export async function markPersonMessageFailed(db: AppDb, messageId: number, error: string) {
  await db
    .update(messages)
    .set({ status: 'failed', error })
    .where(and(eq(messages.id, messageId), isNull(messages.gatewayMessageId)));
}

/**
 * Takes a person's message for another send — failed, or pending long past any send (its send was
 * interrupted): back to pending with a fresh time, once (two retries at the same time send it
 * once). Resolves to whether this call took it.
 */
export async function takeForRetry(db: AppDb, messageId: number): Promise<boolean> {
  const staleBefore = new Date(Date.now() - PERSON_SEND_STALE_MS);
  const rows = await db
    .update(messages)
    .set({ status: 'pending', error: null, createdAt: new Date() })
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.role, 'human'),
        isNull(messages.gatewayMessageId),
        or(
          eq(messages.status, 'failed'),
          and(eq(messages.status, 'pending'), lt(messages.createdAt, staleBefore)),
        ),
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** A message's stored file, within its conversation. */
export async function messageFile(db: AppDb, conversationId: number, messageId: number) {
  const [row] = await db
    .select({
      mimetype: messageFiles.mimetype,
      fileName: messageFiles.fileName,
      data: messageFiles.data,
    })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(and(eq(messageFiles.messageId, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps a customer's media fetched from the gateway (the first time the owner opens it), so it is
 * read from the gateway once: a second keeper of the same message changes nothing.
 */
export async function keepMessageFile(
  db: AppDb,
  messageId: number,
  file: { data: Buffer; mimetype: string; fileName: string },
) {
  await db
    .insert(messageFiles)
    .values({ messageId, ...file, size: file.data.length })
    .onConflictDoNothing({ target: messageFiles.messageId });
}
