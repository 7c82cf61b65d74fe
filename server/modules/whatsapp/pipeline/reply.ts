import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WhatsappSettings } from '../../../../common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import type { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import { synthesizeSpeech, transcribeAudio } from '../../../adapters/llm/language-model';
import { agents, conversations, messages, webhookInbox } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { translate } from '../../../lib/i18n';
import { sniffImage } from '../../../lib/sniff';
import { retrievePassages } from '../../knowledge';
import { resolveProvider } from '../../providers';
import {
  providerError,
  MEMORY_LIMITS,
  runTurn,
  usageRecord,
  type RuntimeDeps,
} from '../../runtime';
import type { RuntimeFeatures } from '../../subscriptions';
import { jidServer, jidUser } from '../phone';
import { INBOX_SOURCE, messageDedupeKey, type InboxPayload } from './inbox';
import { gatewayFor } from './gateway';
import {
  echoWaiting,
  finishTurn,
  loadTurnContext,
  metaOf,
  pendingUserMessages,
  recordEvent,
  recordSentPart,
  setMessagesStatus,
  setPlan,
  storeNewPlan,
  withConversationLock,
  type ConversationRow,
  type PipelineTarget,
  type ReplyPlan,
  type TurnMessages,
} from './pipeline-store';
import { enqueueReply } from './queues';

/** How long a part whose send may have gone out waits for the gateway's echo before resending. */
const ECHO_WAIT_MS = 15_000;
/** Looked at again this soon when its echo is stored but not read yet. */
const ECHO_RECHECK_MS = 2_000;
/**
 * The wait counts from this process's start at the earliest: after a crash, the echoes of parts
 * sent just before it wait in the inbox behind the redelivered backlog, and resending before
 * they are read would answer twice.
 */
const PROCESS_STARTED_AT = Date.now();
const MAX_PARTS = 6;
const DEFAULT_IMAGE_PROMPT = 'Analise esta imagem e responda de acordo com o seu papel.';
/**
 * What the model reads of one customer message (WhatsApp allows 65 536 characters): the message
 * stays whole in the conversation, but the model's time, the owner's tokens and the knowledge
 * search are spent on a question's worth of it.
 */
export const MODEL_TEXT_LIMIT = 4096;

/** A message as the model reads it: beyond MODEL_TEXT_LIMIT, cut with a marker saying so. */
export function textForModel(text: string): string {
  if (text.length <= MODEL_TEXT_LIMIT) return text;
  const omitted = text.length - MODEL_TEXT_LIMIT;
  return `${text.slice(0, MODEL_TEXT_LIMIT)}\n${translate('whatsapp.pipeline.truncated', 'pt-BR', { count: omitted })}`;
}

type PendingMessage = TurnMessages['pending'][number];
type AgentRow = typeof agents.$inferSelect;

/** Splits a reply on blank lines (paragraphs), as WhatsApp users write; at most MAX_PARTS. */
export function splitReply(text: string): string[] {
  const parts = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= MAX_PARTS) return parts;
  return [...parts.slice(0, MAX_PARTS - 1), parts.slice(MAX_PARTS - 1).join('\n\n')];
}

/** A person types ~30 characters a second; capped by WHATSAPP_TYPING_DELAY_MS (0 = none). */
export function typingDelayMs(ctx: AppContext, text: string): number {
  const cap = ctx.config.WHATSAPP_TYPING_DELAY_MS;
  if (cap === 0) return 0;
  return Math.min(cap, 600 + text.length * 33);
}

/** The `number` of a send: digits for a phone JID, the whole JID for @lid and groups. */
export function sendNumber(replyJid: string): string {
  return jidServer(replyJid) === 's.whatsapp.net' ? jidUser(replyJid) : replyJid;
}

function runtimeDeps(ctx: AppContext): RuntimeDeps {
  return {
    db: ctx.database.db,
    config: ctx.config,
    retrieve: async (agentId, ownerId, query) =>
      (await retrievePassages(ctx, ownerId, agentId, query, 4)).passages,
    offlineWordDelayMs: 0,
    // stored with the plan (storeNewPlan)
    recordUsage: false,
  };
}

async function inboxData(ctx: AppContext, target: PipelineTarget, gatewayId: string | null) {
  if (!gatewayId) return null;
  const rows = await ctx.database.db
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

/** The media of an audio or image message: inline base64 (webhook base64:true) or downloaded. */
async function mediaOf(
  ctx: AppContext,
  client: EvolutionClient,
  target: PipelineTarget,
  message: PendingMessage,
): Promise<{ data: Buffer; mimetype: string | null } | null> {
  const data = await inboxData(ctx, target, message.gatewayMessageId);
  if (!data) return null;
  const content = (data.message ?? {}) as Record<string, unknown>;
  const inner = (content.audioMessage ?? content.imageMessage ?? {}) as { mimetype?: string };
  if (typeof content.base64 === 'string' && content.base64) {
    return { data: Buffer.from(content.base64, 'base64'), mimetype: inner.mimetype ?? null };
  }
  const media = await client.getBase64FromMediaMessage(target.instanceName, {
    message: data as { key: { id: string } },
  });
  return { data: Buffer.from(media.base64, 'base64'), mimetype: media.mimetype ?? null };
}

async function buildPlan(
  ctx: AppContext,
  agent: AgentRow,
  settings: WhatsappSettings,
  target: PipelineTarget,
  client: EvolutionClient,
  turn: TurnMessages,
  access: { features: RuntimeFeatures; hasKnowledge: boolean },
): Promise<{ plan: ReplyPlan; usage: ReturnType<typeof usageRecord> | null }> {
  const { pending, memory } = turn;
  const db = ctx.database.db;
  const provider = await resolveProvider(ctx, agent.ownerId);
  const texts: string[] = [];
  let image: { data: Uint8Array; mediaType: string } | undefined;
  for (const message of pending) {
    if (message.kind === 'text' && message.content) {
      texts.push(textForModel(message.content));
    } else if (message.kind === 'audio' && provider) {
      let transcript = message.content;
      if (!transcript) {
        const media = await mediaOf(ctx, client, target, message);
        if (!media) continue;
        try {
          transcript = await transcribeAudio(provider, media.data);
        } catch (err) {
          throw providerError(err, 'whisper-1');
        }
        await db.update(messages).set({ content: transcript }).where(eq(messages.id, message.id));
      }
      if (transcript) texts.push(transcript);
    } else if (message.kind === 'image') {
      if (message.content) texts.push(textForModel(message.content));
      if (provider) {
        const media = await mediaOf(ctx, client, target, message);
        const mediaType = media ? (sniffImage(media.data) ?? media.mimetype) : null;
        if (media && mediaType) image = { data: media.data, mediaType };
      }
      if (!message.content && !image) continue;
      if (!message.content) texts.push(DEFAULT_IMAGE_PROMPT);
    }
  }
  const messageIds = pending.map((m) => m.id);
  if (texts.length === 0) {
    // Nothing we can read (stickers, documents, audio without a provider…): the polite message.
    const text = settings.unsupportedMessage ?? translate('whatsapp.unsupportedDefault', 'pt-BR');
    const plan: ReplyPlan = {
      messageIds,
      parts: [{ text, kind: 'text' }],
      sent: 0,
      inflight: null,
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
    };
    return { plan, usage: null };
  }
  const input = {
    agent,
    ownerId: agent.ownerId,
    channel: 'whatsapp' as const,
    memory,
    message: texts.join('\n'),
    image,
    provider,
    features: access.features,
    hasKnowledge: access.hasKnowledge,
  };
  const result = await runTurn(runtimeDeps(ctx), input);
  const text = result.text || translate('whatsapp.pipeline.emptyReply', 'pt-BR');
  const parts: ReplyPlan['parts'] =
    settings.voiceReply && provider
      ? [{ text, kind: 'audio' }]
      : splitReply(text).map((p) => ({ text: p, kind: 'text' as const }));
  const plan: ReplyPlan = {
    messageIds,
    parts,
    sent: 0,
    inflight: null,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    latencyMs: result.latencyMs,
  };
  return { plan, usage: usageRecord(input, result) };
}

async function readConversation(ctx: AppContext, id: number) {
  const rows = await ctx.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * One part to the contact. The humanised pause is the send's own `delay` (the gateway shows
 * "typing…" or "recording…" that long, then sends, §2.3): one call per part.
 */
async function sendPart(
  ctx: AppContext,
  client: EvolutionClient,
  target: PipelineTarget,
  number: string,
  part: ReplyPlan['parts'][number],
): Promise<string> {
  const delay = typingDelayMs(ctx, part.text);
  if (part.kind === 'audio') {
    const agentRow = (
      await ctx.database.db
        .select({ ownerId: agents.ownerId })
        .from(agents)
        .where(eq(agents.id, target.agentId))
        .limit(1)
    )[0];
    const provider = agentRow ? await resolveProvider(ctx, agentRow.ownerId) : null;
    if (!provider) throw new AppError('VOICE_NEEDS_PROVIDER');
    let audio: string;
    try {
      audio = await synthesizeSpeech(provider, part.text);
    } catch (err) {
      throw providerError(err, 'tts-1');
    }
    return (await client.sendWhatsAppAudio(target.instanceName, { number, audio, delay })).key.id;
  }
  return (await client.sendText(target.instanceName, { number, text: part.text, delay })).key.id;
}

/**
 * The reply job of one conversation: waits out the debounce window, answers every pending
 * message of the contact as one turn, and sends the parts one by one, recording each as it
 * goes so a retry resumes where the last attempt stopped.
 */
export async function runReply(ctx: AppContext, conversationId: number): Promise<void> {
  const db = ctx.database.db;
  const context = await loadTurnContext(db, conversationId, MEMORY_LIMITS.maxTurns);
  if (!context) return;
  const { agent, settings, hasKnowledge, access } = context;
  let conversation: ConversationRow | null = context.conversation;
  const meta = metaOf(conversation);
  const target = meta.target;
  if (!target || !meta.replyJid) return;
  if (conversation.replyDueAt && conversation.replyDueAt.getTime() > Date.now() + 25) {
    await enqueueReply(ctx, conversationId, conversation.replyDueAt);
    return;
  }
  const paused =
    conversation.botPausedUntil !== null && conversation.botPausedUntil.getTime() > Date.now();
  const client = await gatewayFor(ctx, target);
  let plan = meta.plan ?? null;
  // A plan made here is stored with its first part in flight: no read before that part.
  let fresh = false;
  if (!plan) {
    if (paused) return;
    const turn = context.turn;
    if (turn.pending.length === 0) {
      await db
        .update(conversations)
        .set({ replyDueAt: null })
        .where(eq(conversations.id, conversationId));
      return;
    }
    // Decided when answering, not when the message arrived: the subscription may change between.
    if (!access.servesCustomers) {
      await ignoreTurn(ctx, conversation, target);
      return;
    }
    const built = await buildPlan(ctx, agent, settings, target, client, turn, {
      features: access.features,
      hasKnowledge,
    });
    plan = { ...built.plan, inflight: { index: 0, at: Date.now() } };
    await storeNewPlan(db, conversationId, plan, built.usage);
    fresh = true;
  }

  const number = sendNumber(meta.replyJid);
  for (let i = plan.sent; i < plan.parts.length; i++) {
    if (!(fresh && i === 0)) {
      conversation = await readConversation(ctx, conversationId);
      const current = conversation ? metaOf(conversation).plan : null;
      if (!current) return;
      plan = current;
      if (plan.sent > i) continue;
      const waitFrom = Math.max(plan.inflight?.at ?? 0, PROCESS_STARTED_AT);
      if (plan.inflight?.index === i) {
        // The last attempt may have sent this part: give the gateway's echo time to arrive,
        // and to be read when it is already stored.
        const waited = Date.now() - waitFrom >= ECHO_WAIT_MS;
        if (!waited || (await echoWaiting(db, target, plan.parts[i]!.text))) {
          const next = waited ? Date.now() + ECHO_RECHECK_MS : waitFrom + ECHO_WAIT_MS;
          await enqueueReply(ctx, conversationId, new Date(next));
          return;
        }
      }
      await setPlan(db, conversationId, { ...plan, inflight: { index: i, at: Date.now() } });
    }
    let gatewayId: string;
    try {
      gatewayId = await sendPart(ctx, client, target, number, plan.parts[i]!);
    } catch (err) {
      // A clear refusal means nothing went out; a time-out may have sent it (echo decides).
      if (!(err instanceof GatewayError && err.details.uncertain)) {
        await setPlan(db, conversationId, { ...plan, inflight: null });
      }
      throw err;
    }
    if (i === plan.parts.length - 1) {
      const done = await finishTurn(db, conversationId, { index: i, gatewayMessageId: gatewayId });
      if (done?.more) await enqueueReply(ctx, conversationId, done.dueAt);
      return;
    }
    await recordSentPart(db, conversationId, i, gatewayId);
  }
  // Every part was already out (recorded by their echoes): only the turn is left to close.
  const done = await finishTurn(db, conversationId, null);
  if (done?.more) await enqueueReply(ctx, conversationId, done.dueAt);
}

/**
 * The owner does not serve customers (no trialing or active subscription, or the agent beyond
 * the plan's agent limit; issue 8). Nothing the customer sent is lost: the waiting messages stay
 * in the conversation, marked ignored with the pt-BR reason the owner sees there, and a 'failed'
 * event says why. The model is not asked and nothing is sent. They are not answered later either
 * (retry only takes failed turns): after subscribing, the agent answers the next message.
 */
async function ignoreTurn(ctx: AppContext, conversation: ConversationRow, target: PipelineTarget) {
  const db = ctx.database.db;
  const error = translate('whatsapp.pipeline.subscriptionInactive', 'pt-BR');
  const ignored = await withConversationLock(db, conversation.id, async (tx) => {
    const pending = await pendingUserMessages(tx, conversation.id);
    await setMessagesStatus(
      tx,
      pending.map((m) => m.id),
      'ignored',
      error,
    );
    await tx
      .update(conversations)
      .set({ replyDueAt: null })
      .where(eq(conversations.id, conversation.id));
    return pending.length;
  });
  if (ignored) {
    await recordEvent(db, target, 'failed', {
      contact: conversation.contactId,
      conversationId: conversation.id,
      reason: 'subscription',
      messages: ignored,
    });
  }
}

function errorCode(err: unknown): string {
  if (err instanceof AppError || err instanceof GatewayError) return err.code;
  return 'INTERNAL';
}

/**
 * After the last retry: the turn's messages are marked failed with a pt-BR reason (shown in the
 * conversation), a 'failed' event is recorded and their deliveries are dead-lettered.
 */
export async function failReply(ctx: AppContext, conversationId: number, err: unknown) {
  const db = ctx.database.db;
  const conversation = await readConversation(ctx, conversationId);
  if (!conversation) return;
  const meta = metaOf(conversation);
  const code = errorCode(err);
  const reason = translate(`codes.${code}`, 'pt-BR');
  const error = translate('whatsapp.pipeline.failed', 'pt-BR', { reason });
  const ids =
    meta.plan?.messageIds ?? (await pendingUserMessages(db, conversationId)).map((m) => m.id);
  await setMessagesStatus(db, ids, 'failed', error);
  await setPlan(db, conversationId, null);
  await db
    .update(conversations)
    .set({ replyDueAt: null, updatedAt: new Date() })
    .where(eq(conversations.id, conversationId));
  if (meta.target) {
    await recordEvent(db, meta.target, 'failed', {
      contact: conversation.contactId,
      conversationId,
      code,
    });
    const rows = ids.length
      ? await db
          .select({ gatewayMessageId: messages.gatewayMessageId })
          .from(messages)
          .where(inArray(messages.id, ids))
      : [];
    const keys = rows
      .map((r) => r.gatewayMessageId)
      .filter((id): id is string => id !== null)
      .map((id) => messageDedupeKey(meta.target!, id));
    if (keys.length > 0) {
      await db
        .update(webhookInbox)
        .set({ status: 'dead', error: code, attempts: sql`${webhookInbox.attempts} + 1` })
        .where(and(eq(webhookInbox.source, INBOX_SOURCE), inArray(webhookInbox.dedupeKey, keys)));
    }
  }
}
