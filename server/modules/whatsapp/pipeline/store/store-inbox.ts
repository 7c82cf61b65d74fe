import { and, asc, eq, gt, inArray, like, lt, ne, sql } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../../../db/client';
import { messages, webhookInbox } from '../../../../db/schema';
import type { PipelineTarget } from '../../../conversations';
import { textArray } from '../../../../db/sql-arrays';

/** webhook_inbox.source of the WhatsApp deliveries. */
export const INBOX_SOURCE = 'whatsapp';

/** What the webhook stores in webhook_inbox.payload. */
export interface InboxPayload {
  target: PipelineTarget;
  event: string;
  data: unknown;
  sender?: string | null;
  /**
   * When the gateway sent the event (its `date_time`, as an ISO string): deliveries are concurrent
   * requests and may be stored in another order than they were sent
   */
  at?: string | null;
}

export type InboxRow = typeof webhookInbox.$inferSelect;

/** What became of a delivery: webhook_inbox.status and .error once it is handled. */
export interface DeliveryOutcome {
  status: string;
  error?: string | null;
}

export function messageDedupeKey(target: PipelineTarget, messageId: string): string {
  return `msg:${target.kind}:${target.id}:${messageId}`;
}

/**
 * One key per message (its whole key: chat, direction, id) and status: the gateway's retries and
 * repeats of a receipt are stored once.
 */
export function receiptDedupeKey(
  target: PipelineTarget,
  receipt: { remoteJid: string; fromMe: boolean; keyId: string; status: string },
): string {
  const { remoteJid, fromMe, keyId, status } = receipt;
  return `rcpt:${target.kind}:${target.id}:${remoteJid}:${fromMe ? 1 : 0}:${keyId}:${status}`;
}

/**
 * Stores deliveries in one multi-row INSERT; a key the inbox already holds is skipped. Resolves
 * to the ids of the rows stored, by dedupe key.
 */
export async function insertDeliveries(
  db: AppDb,
  deliveries: { dedupeKey: string; payload: InboxPayload }[],
) {
  return db
    .insert(webhookInbox)
    .values(
      deliveries.map((d) => ({ source: INBOX_SOURCE, dedupeKey: d.dedupeKey, payload: d.payload })),
    )
    .onConflictDoNothing()
    .returning({ id: webhookInbox.id, dedupeKey: webhookInbox.dedupeKey });
}

/** Of these deliveries, those not handled yet, in the order they were stored. */
export async function receivedDeliveries(db: AppDb, inboxIds: number[]): Promise<InboxRow[]> {
  return db
    .select()
    .from(webhookInbox)
    .where(and(inArray(webhookInbox.id, inboxIds), eq(webhookInbox.status, 'received')))
    .orderBy(asc(webhookInbox.id));
}

/** Marks the handled deliveries with their outcome, in one statement. */
export async function markHandled(db: AppDb, outcomes: { id: number; outcome: DeliveryOutcome }[]) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      ({ id, outcome }) =>
        sql`(${id}::int, ${outcome.status}::text, ${outcome.error ?? null}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE webhook_inbox SET status = v.status, error = v.error, processed_at = now(),
      attempts = webhook_inbox.attempts + 1
    FROM (VALUES ${values}) AS v(id, status, error)
    WHERE webhook_inbox.id = v.id`);
}

/**
 * Whether a connection or QR delivery the gateway sent after this one is already applied to the
 * target: a QR code sent before the scan but stored after the connection must not undo it.
 */
export async function newerStateApplied(db: AppDb, target: PipelineTarget, row: InboxRow) {
  const at = (row.payload as InboxPayload).at ?? null;
  const otherAt = sql`${webhookInbox.payload}->>'at'`;
  // By the gateway's clock where both deliveries carry it (ties by arrival), else by arrival.
  const newer =
    at === null
      ? gt(webhookInbox.id, row.id)
      : sql`CASE WHEN ${otherAt} IS NULL THEN ${webhookInbox.id} > ${row.id}
                 ELSE ${otherAt} > ${at} OR (${otherAt} = ${at} AND ${webhookInbox.id} > ${row.id})
            END`;
  const rows = await db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.source, INBOX_SOURCE),
        ne(webhookInbox.id, row.id),
        newer,
        eq(webhookInbox.status, 'done'),
        like(webhookInbox.dedupeKey, `evt:${target.kind}:${target.id}:%`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * First keys of the per-target advisory lock under which connection and QR deliveries are applied
 * (the second is the target's id); constants of ours, beside unanswered.repo.ts's 727_020.
 */
const STATE_LOCK_SPACE = { agent: 727_021, registry: 727_022, cloud: 727_023 } as const;

/**
 * Applies a connection or QR delivery unless one the gateway sent later is applied already. One
 * transaction under the target's advisory lock, which also marks the delivery done: two workers
 * handling one target's deliveries at once (in separate batches) apply them one after the other,
 * each seeing the other's. Without it both checks could run before either batch was marked done,
 * and an older `connecting` undid a newer `open`. Resolves to what `apply` gave, or null when a
 * newer state was applied (the caller only logs the event then).
 */
export async function applyStateInOrder<T>(
  db: AppDb,
  target: PipelineTarget,
  row: InboxRow,
  apply: (tx: AppDb) => Promise<T>,
): Promise<{ value: T } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${STATE_LOCK_SPACE[target.kind]}::int, ${target.id}::int)`,
    );
    if (await newerStateApplied(tx, target, row)) return null;
    const value = await apply(tx);
    // markHandled counts the attempt and sets the outcome again when the batch ends
    await tx
      .update(webhookInbox)
      .set({ status: 'done', processedAt: new Date() })
      .where(eq(webhookInbox.id, row.id));
    return { value };
  });
}

/** The `data` of the stored delivery of a message, by its gateway id. */
export async function deliveryData(db: AppDb, target: PipelineTarget, gatewayId: string) {
  const rows = await db
    .select({ payload: webhookInbox.payload })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.source, INBOX_SOURCE),
        eq(webhookInbox.dedupeKey, messageDedupeKey(target, gatewayId)),
      ),
    )
    .limit(1);
  return rows[0] ? ((rows[0].payload as InboxPayload).data as Record<string, unknown>) : null;
}

/**
 * Whether the gateway's echo of our `text` to this target is stored but not read yet (a backlog
 * after a restart): the part went out, and the echo will record it.
 */
export async function echoWaiting(db: AppDb, target: PipelineTarget, text: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM webhook_inbox
        WHERE source = 'whatsapp' AND status = 'received'
          AND dedupe_key LIKE ${`msg:${target.kind}:${target.id}:%`}
          AND payload->>'event' = 'send.message'
          AND trim(payload->'data'->'message'->>'conversation') = ${text.trim()}
        LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Whether a Cloud API status carrying our `ref` (biz_opaque_callback_data) is stored but not read
 * yet: the send it names went out, and the status will record it.
 */
export async function refWaiting(db: AppDb, target: PipelineTarget, ref: string) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM webhook_inbox
        WHERE source = 'whatsapp' AND status = 'received'
          AND dedupe_key LIKE ${`cst:${target.id}:%`}
          AND payload->'data'->>'ref' = ${ref}
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** The deliveries of these messages are dead: their turn failed after its last retry. */
export async function deadLetterMessages(
  db: AppDb,
  target: PipelineTarget,
  messageIds: number[],
  code: string,
) {
  const rows = messageIds.length
    ? await db
        .select({ gatewayMessageId: messages.gatewayMessageId })
        .from(messages)
        .where(inArray(messages.id, messageIds))
    : [];
  const keys = rows
    .map((r) => r.gatewayMessageId)
    .filter((id): id is string => id !== null)
    .map((id) => messageDedupeKey(target, id));
  if (keys.length > 0) {
    await db
      .update(webhookInbox)
      .set({ status: 'dead', error: code, attempts: sql`${webhookInbox.attempts} + 1` })
      .where(and(eq(webhookInbox.source, INBOX_SOURCE), inArray(webhookInbox.dedupeKey, keys)));
  }
}

/** Deliveries still `received` that were stored before `before` (for the sweep). */
export async function unhandledDeliveries(db: AppDb, before: Date, limit: number) {
  return db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.source, INBOX_SOURCE),
        eq(webhookInbox.status, 'received'),
        lt(webhookInbox.receivedAt, before),
      ),
    )
    .limit(limit);
}

/**
 * LIKE patterns that find a person's address in a stored delivery (JSON text): every spelling of
 * their phone, and any JID of theirs, each as a whole JSON string or its user part.
 */
function addressPatterns(phones: readonly string[], jids: readonly string[]): string[] {
  const literal = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return [
    ...phones.map((phone) => `%"${literal(phone)}@%`),
    ...jids.map((jid) => `%"${literal(jid)}"%`),
  ];
}

/** The LGPD erasure of a person: the owner's stored WhatsApp deliveries that carry them. */
export async function eraseDeliveriesOf(
  db: AppDb,
  ownerId: number,
  address: { phones: readonly string[]; jids: readonly string[] },
) {
  const patterns = addressPatterns(address.phones, address.jids);
  if (patterns.length === 0) return;
  await db.execute(sql`DELETE FROM webhook_inbox w
    WHERE w.source = 'whatsapp'
      AND w.payload->'target'->>'agentId' IN (SELECT a.id::text FROM agents a WHERE a.owner_id = ${ownerId})
      AND w.payload::text LIKE ANY (${textArray(patterns)})`);
}
