import { and, asc, eq, exists, gt, inArray, like, sql } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import {
  conversations,
  evolutionInstances,
  messages,
  webhookInbox,
  whatsappInstances,
} from '../../../db/schema';
import {
  connectionUpdateDataSchema,
  qrcodeUpdatedDataSchema,
} from '../../../adapters/gateway/evolution-webhook';
import { classifyUpsert, type InboundMessage } from '../inbound-message';
import { jidUser } from '../phone';
import { statusFromGatewayState } from '../whatsapp-shared';
import type { WhatsappSettings } from '../../../../common/schemas/whatsapp';
import {
  gatewayIdKnown,
  loadSettings,
  metaOf,
  recordEvent,
  recordSentPart,
  upsertConversation,
  type PipelineTarget,
} from './pipeline-store';
import { enqueueReplies } from './queues';

export const INBOX_SOURCE = 'whatsapp';

/** What the webhook stores in webhook_inbox.payload. */
export interface InboxPayload {
  target: PipelineTarget;
  event: string;
  data: unknown;
  sender?: string | null;
}

export type InboxRow = typeof webhookInbox.$inferSelect;

/** A pause typed by the owner lasts until a resume keyword (or the resume button). */
const KEYWORD_PAUSE_MS = 365 * 24 * 60 * 60 * 1000;

export function messageDedupeKey(target: PipelineTarget, messageId: string): string {
  return `msg:${target.kind}:${target.id}:${messageId}`;
}

interface Outcome {
  status: string;
  error?: string | null;
}

/** What one batch of deliveries shares: agents' settings read once, reply jobs queued together. */
interface Batch {
  settings: Map<number, WhatsappSettings>;
  /** conversation → when its reply is due */
  replies: Map<number, Date | null>;
}

async function settingsOf(ctx: AppContext, batch: Batch, agentId: number) {
  let settings = batch.settings.get(agentId);
  if (!settings) {
    settings = await loadSettings(ctx.database.db, agentId);
    batch.settings.set(agentId, settings);
  }
  return settings;
}

async function handle(ctx: AppContext, batch: Batch, row: InboxRow): Promise<Outcome> {
  const payload = row.payload as InboxPayload;
  switch (payload.event) {
    case 'messages.upsert':
      return handleUpsert(ctx, batch, payload);
    case 'send.message':
      return handleOwnSend(ctx, payload);
    case 'connection.update':
      return handleConnection(ctx, payload, row.id);
    case 'qrcode.updated':
      return handleQr(ctx, payload, row.id);
    default:
      return { status: 'ignored', error: 'event' };
  }
}

/** Marks the handled deliveries with their outcome, in one statement. */
async function finish(ctx: AppContext, outcomes: { id: number; outcome: Outcome }[]) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      ({ id, outcome }) =>
        sql`(${id}::int, ${outcome.status}::text, ${outcome.error ?? null}::text)`,
    ),
    sql`, `,
  );
  await ctx.database.db.execute(sql`
    UPDATE webhook_inbox SET status = v.status, error = v.error, processed_at = now(),
      attempts = webhook_inbox.attempts + 1
    FROM (VALUES ${values}) AS v(id, status, error)
    WHERE webhook_inbox.id = v.id`);
}

/**
 * A batch of stored deliveries → their effects, in the order they were stored (a contact's burst
 * as it was sent). Safe to run twice: every step checks what is done, and deliveries already
 * handled are skipped. When one fails, what came before it is recorded and its replies queued
 * before the error goes up (the job is retried); on the last attempt the failing delivery is
 * marked dead instead, and the rest go on.
 */
export async function processInboxBatch(
  ctx: AppContext,
  inboxIds: number[],
  options: { lastAttempt: boolean; onDead?: (inboxId: number, err: unknown) => void },
): Promise<void> {
  const rows = await ctx.database.db
    .select()
    .from(webhookInbox)
    .where(and(inArray(webhookInbox.id, inboxIds), eq(webhookInbox.status, 'received')))
    .orderBy(asc(webhookInbox.id));
  const batch: Batch = { settings: new Map(), replies: new Map() };
  const outcomes: { id: number; outcome: Outcome }[] = [];
  try {
    for (const row of rows) {
      try {
        outcomes.push({ id: row.id, outcome: await handle(ctx, batch, row) });
      } catch (err) {
        if (!options.lastAttempt) throw err;
        options.onDead?.(row.id, err);
        const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
        outcomes.push({ id: row.id, outcome: { status: 'dead', error } });
      }
    }
  } finally {
    await enqueueReplies(ctx, batch.replies);
    await finish(ctx, outcomes);
  }
}

function keywordMatch(text: string, keywords: string[]): boolean {
  const normal = text.trim().toLowerCase();
  return keywords.some((k) => k.trim().toLowerCase() === normal);
}

function storedContent(message: InboundMessage): { content: string; kind: string } {
  const c = message.content;
  switch (c.kind) {
    case 'text':
      return { content: c.text, kind: 'text' };
    case 'audio':
      return { content: '', kind: 'audio' };
    case 'image':
      return { content: c.caption ?? '', kind: 'image' };
    default:
      return { content: `[${c.messageType}]`, kind: 'unsupported' };
  }
}

async function handleUpsert(
  ctx: AppContext,
  batch: Batch,
  payload: InboxPayload,
): Promise<Outcome> {
  const db = ctx.database.db;
  const { target } = payload;
  const settings = await settingsOf(ctx, batch, target.agentId);
  const message = classifyUpsert(payload.data, { allowGroups: settings.allowGroups });
  if ('ignored' in message) return { status: 'ignored', error: message.ignored };

  // Our own API sends never come back as messages.upsert on Evolution (§3.5), but an echo by id
  // is ours whatever its event.
  if (message.fromMe && (await gatewayIdKnown(db, message.id))) {
    return { status: 'ignored', error: 'own' };
  }
  const pushName = message.fromMe || message.pushName === 'Você' ? null : message.pushName;
  const conversation = await upsertConversation(db, {
    agentId: target.agentId,
    contactId: message.contactKey,
    contactName: pushName,
    target,
    replyJid: message.replyJid,
  });

  if (message.fromMe) {
    return handleOwnerMessage(ctx, batch, payload, message, conversation.id, settings);
  }

  const stored = storedContent(message);
  const paused =
    conversation.botPausedUntil !== null && conversation.botPausedUntil.getTime() > Date.now();
  // While a person is answering, the customer's messages are part of the transcript, not a turn.
  const storedMessage = db.$with('stored').as(
    db
      .insert(messages)
      .values({
        conversationId: conversation.id,
        role: 'user',
        content: stored.content,
        kind: stored.kind,
        gatewayMessageId: message.id,
        status: paused ? 'done' : 'pending',
      })
      .onConflictDoNothing()
      .returning({ id: messages.id }),
  );
  if (paused) {
    const rows = await db.with(storedMessage).select().from(storedMessage);
    return rows.length === 0 ? { status: 'ignored', error: 'duplicate' } : { status: 'done' };
  }
  // Stored and scheduled in one statement: the reply is due once the debounce window has passed.
  const dueAt = new Date(Date.now() + settings.debounceMs);
  const scheduled = await db
    .with(storedMessage)
    .update(conversations)
    .set({ replyDueAt: dueAt, updatedAt: new Date() })
    .where(and(eq(conversations.id, conversation.id), exists(db.select().from(storedMessage))))
    .returning({ id: conversations.id });
  if (scheduled.length === 0) return { status: 'ignored', error: 'duplicate' };
  batch.replies.set(conversation.id, dueAt);
  return { status: 'done' };
}

/**
 * A `fromMe` message: the echo of a part we are sending (its id not recorded yet), or the owner
 * typing on the phone — human takeover, or a pause/resume keyword.
 */
async function handleOwnerMessage(
  ctx: AppContext,
  batch: Batch,
  payload: InboxPayload,
  message: InboundMessage,
  conversationId: number,
  settings: WhatsappSettings,
): Promise<Outcome> {
  const db = ctx.database.db;
  const text = message.content.kind === 'text' ? message.content.text : '';
  if (await matchInflightEcho(ctx, conversationId, text, message.id)) {
    return { status: 'ignored', error: 'own' };
  }
  const stored = storedContent(message);
  const inserted = await db
    .insert(messages)
    .values({
      conversationId,
      role: 'human',
      content: stored.content,
      kind: stored.kind,
      gatewayMessageId: message.id,
      status: 'done',
    })
    .onConflictDoNothing()
    .returning({ id: messages.id });
  if (inserted.length === 0) return { status: 'ignored', error: 'duplicate' };

  const contact = message.contactKey;
  if (text && keywordMatch(text, settings.resumeKeywords)) {
    await db
      .update(conversations)
      .set({ botPausedUntil: null, updatedAt: new Date() })
      .where(eq(conversations.id, conversationId));
    await recordEvent(db, payload.target, 'resume', { contact, by: 'keyword' });
    batch.replies.set(conversationId, null);
    return { status: 'done' };
  }
  const keyword = text !== '' && keywordMatch(text, settings.pauseKeywords);
  const until = new Date(
    Date.now() + (keyword ? KEYWORD_PAUSE_MS : settings.takeoverMinutes * 60_000),
  );
  await db
    .update(conversations)
    .set({ botPausedUntil: until, updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
  await recordEvent(db, payload.target, 'takeover', {
    contact,
    until: until.toISOString(),
    by: keyword ? 'keyword' : 'message',
  });
  return { status: 'done' };
}

/** Our part's echo arrived before sendText answered (or before we recorded its id). */
async function matchInflightEcho(
  ctx: AppContext,
  conversationId: number,
  text: string,
  gatewayMessageId: string,
): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ metadata: conversations.metadata })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const plan = rows[0] ? metaOf(rows[0]).plan : null;
  if (!plan?.inflight) return false;
  const part = plan.parts[plan.inflight.index];
  if (!part || (part.kind === 'text' && part.text.trim() !== text.trim())) return false;
  await recordSentPart(ctx.database.db, conversationId, plan.inflight.index, gatewayMessageId);
  return true;
}

/** `send.message`: what went out through the API — ours (already recorded, or in flight). */
async function handleOwnSend(ctx: AppContext, payload: InboxPayload): Promise<Outcome> {
  const db = ctx.database.db;
  const data = payload.data as {
    key?: { id?: string; remoteJid?: string; remoteJidAlt?: string | null };
    message?: { conversation?: string | null } | null;
  };
  const id = data?.key?.id;
  if (!id) return { status: 'ignored', error: 'invalid' };
  if (await gatewayIdKnown(db, id)) return { status: 'ignored', error: 'own' };
  const message = classifyUpsert(
    { ...data, key: { ...data.key, fromMe: true } },
    { allowGroups: true },
  );
  if ('ignored' in message) return { status: 'ignored', error: message.ignored };
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, payload.target.agentId),
        eq(conversations.channel, 'whatsapp'),
        eq(conversations.contactId, message.contactKey),
      ),
    )
    .limit(1);
  if (!rows[0]) return { status: 'ignored', error: 'unknown-contact' };
  const text = message.content.kind === 'text' ? message.content.text : '';
  const matched = await matchInflightEcho(ctx, rows[0].id, text, id);
  return { status: 'ignored', error: matched ? 'own' : 'not-ours' };
}

/**
 * Deliveries may be processed out of order: a connection or QR event older than one already
 * applied to the instance only goes to the event log.
 */
async function supersededState(ctx: AppContext, target: PipelineTarget, inboxId: number) {
  const rows = await ctx.database.db
    .select({ id: webhookInbox.id })
    .from(webhookInbox)
    .where(
      and(
        eq(webhookInbox.source, INBOX_SOURCE),
        gt(webhookInbox.id, inboxId),
        eq(webhookInbox.status, 'done'),
        like(webhookInbox.dedupeKey, `evt:${target.kind}:${target.id}:%`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function handleConnection(
  ctx: AppContext,
  payload: InboxPayload,
  inboxId: number,
): Promise<Outcome> {
  const db = ctx.database.db;
  const parsed = connectionUpdateDataSchema.safeParse(payload.data);
  if (!parsed.success) return { status: 'ignored', error: 'invalid' };
  const { state, wuid, statusReason } = parsed.data;
  const { target } = payload;
  const now = new Date();
  let status = statusFromGatewayState(state);
  if (await supersededState(ctx, target, inboxId)) {
    // only logged below
  } else if (target.kind === 'agent') {
    if (state === 'connecting') {
      const current = await db
        .select({ qrCode: whatsappInstances.qrCode })
        .from(whatsappInstances)
        .where(eq(whatsappInstances.id, target.id));
      status = statusFromGatewayState(state, Boolean(current[0]?.qrCode));
    }
    await db
      .update(whatsappInstances)
      .set({
        status,
        lastActivity: now,
        updatedAt: now,
        ...(state === 'open'
          ? { connectedAt: now, qrCode: null, ...(wuid ? { connectedJid: wuid } : {}) }
          : {}),
      })
      .where(eq(whatsappInstances.id, target.id));
  } else {
    await db
      .update(evolutionInstances)
      .set({
        status:
          state === 'open' ? 'connected' : state === 'connecting' ? 'connecting' : 'disconnected',
        lastActivity: now,
        ...(state === 'open'
          ? { qrCode: null, ...(wuid ? { phoneNumber: jidUser(wuid) } : {}) }
          : {}),
      })
      .where(eq(evolutionInstances.id, target.id));
  }
  await recordEvent(db, target, 'connection', {
    state,
    status,
    ...(statusReason !== null && statusReason !== undefined ? { statusReason } : {}),
    ...(wuid ? { number: jidUser(wuid) } : {}),
  });
  return { status: 'done' };
}

async function handleQr(ctx: AppContext, payload: InboxPayload, inboxId: number): Promise<Outcome> {
  const db = ctx.database.db;
  const parsed = qrcodeUpdatedDataSchema.safeParse(payload.data);
  if (!parsed.success) return { status: 'ignored', error: 'invalid' };
  const { target } = payload;
  const now = new Date();
  if (!('qrcode' in parsed.data)) {
    // The gateway gave up after its QR limit (§2.1); a refused connection.update follows.
    await recordEvent(db, target, 'qr', { limitReached: true });
    return { status: 'done' };
  }
  const qr = (parsed.data as { qrcode: { base64: string } }).qrcode.base64;
  if (await supersededState(ctx, target, inboxId)) {
    // a newer state is already applied
  } else if (target.kind === 'agent') {
    await db
      .update(whatsappInstances)
      .set({ qrCode: qr, status: 'AWAITING_QR_SCAN', lastActivity: now, updatedAt: now })
      .where(eq(whatsappInstances.id, target.id));
  } else {
    await db
      .update(evolutionInstances)
      .set({ qrCode: qr, lastActivity: now })
      .where(eq(evolutionInstances.id, target.id));
  }
  await recordEvent(db, target, 'qr', null);
  return { status: 'done' };
}
