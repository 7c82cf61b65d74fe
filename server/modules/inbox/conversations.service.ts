import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  ConversationDetail,
  ConversationMessageView,
  ConversationSummary,
} from '@common/schemas/whatsapp';
import type { AppContext } from '../../app-context';
import { announceState } from './announce';
import { conversations, messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { getAgent } from '../agents';
import { channelOf, retryFailedTurns, takeover } from '../conversations';
import { settingsOfAgent } from '../whatsapp';

type ConversationRow = typeof conversations.$inferSelect;
type Channel = ConversationSummary['channel'];

/** Failed user messages and the newest message of each conversation, in one query per list. */
async function figures(ctx: AppContext, ids: number[]) {
  const db = ctx.database.db;
  if (ids.length === 0)
    return new Map<number, { last: typeof messages.$inferSelect | null; failed: number }>();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const last = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(sql`${messages.conversationId} in (${idList})`)
    .orderBy(messages.conversationId, desc(messages.id));
  const failed = await db
    .select({ conversationId: messages.conversationId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(sql`${messages.conversationId} in (${idList})`, eq(messages.status, 'failed')))
    .groupBy(messages.conversationId);
  const map = new Map<number, { last: typeof messages.$inferSelect | null; failed: number }>();
  for (const id of ids) map.set(id, { last: null, failed: 0 });
  for (const row of last) map.get(row.conversationId)!.last = row;
  for (const row of failed) map.get(row.conversationId)!.failed = row.count;
  return map;
}

function summary(
  row: ConversationRow,
  extra: { last: typeof messages.$inferSelect | null; failed: number } | undefined,
): ConversationSummary {
  const paused = row.botPausedUntil && row.botPausedUntil.getTime() > Date.now();
  return {
    id: row.id,
    channel: row.channel as Channel,
    contactId: row.contactId,
    contactName: row.contactName,
    lastMessage: extra?.last?.content ?? null,
    lastMessageAt: (extra?.last?.createdAt ?? row.updatedAt).toISOString(),
    botPausedUntil: paused ? row.botPausedUntil!.toISOString() : null,
    handedOver: row.handedOverAt !== null,
    failedCount: extra?.failed ?? 0,
  };
}

export async function listConversations(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  channel: Channel | undefined,
): Promise<ConversationSummary[]> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const rows = await ctx.database.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agent.id),
        channel ? eq(conversations.channel, channel) : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(500);
  const extra = await figures(
    ctx,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => summary(r, extra.get(r.id)))
    .sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '') || b.id - a.id);
}

async function ownConversation(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  conversationId: number,
): Promise<ConversationRow> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  const rows = await ctx.database.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.agentId, agent.id)))
    .limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

async function summaryOf(ctx: AppContext, row: ConversationRow) {
  return summary(row, (await figures(ctx, [row.id])).get(row.id));
}

export async function conversationDetail(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  conversationId: number,
): Promise<ConversationDetail> {
  const row = await ownConversation(ctx, ownerId, agentId, conversationId);
  const list = await ctx.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, row.id))
    .orderBy(asc(messages.id))
    .limit(1000);
  const views: ConversationMessageView[] = list.map((m) => ({
    id: m.id,
    role: m.role as ConversationMessageView['role'],
    content: m.content,
    kind: m.kind as ConversationMessageView['kind'],
    status: m.status as ConversationMessageView['status'],
    error: m.error,
    latencyMs: m.latencyMs,
    createdAt: m.createdAt.toISOString(),
  }));
  return { conversation: await summaryOf(ctx, row), messages: views };
}

async function reload(ctx: AppContext, id: number): Promise<ConversationRow> {
  const rows = await ctx.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return rows[0]!;
}

/** The conversation as the takeover rule sees it, logged where its channel logs. */
export function takeoverSubject(ctx: AppContext, row: ConversationRow) {
  return {
    conversationId: row.id,
    contact: row.contactId,
    log: channelOf(ctx, row).takeoverLog(row),
  };
}

/** The owner takes over from the conversation list: the bot is quiet for takeoverMinutes. */
export async function pauseConversation(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  conversationId: number,
): Promise<ConversationSummary> {
  const row = await ownConversation(ctx, ownerId, agentId, conversationId);
  const settings = await settingsOfAgent(ctx.database.db, row.agentId);
  await takeover(ctx.database.db, takeoverSubject(ctx, row), {
    pause: true,
    by: 'owner',
    settings,
  });
  await announceState(ctx, row.id);
  return summaryOf(ctx, await reload(ctx, row.id));
}

/** The bot answers again (a handoff ends too), starting with anything still waiting. */
export async function resumeConversation(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  conversationId: number,
): Promise<ConversationSummary> {
  const row = await ownConversation(ctx, ownerId, agentId, conversationId);
  await resumeBotOf(ctx, row);
  await announceState(ctx, row.id);
  return summaryOf(ctx, await reload(ctx, row.id));
}

/**
 * The owner resumes the bot (a pause and a handoff end); the channel answers anything the
 * contact sent that is still waiting (WhatsApp queues its reply).
 */
export async function resumeBotOf(ctx: AppContext, row: ConversationRow): Promise<void> {
  await takeover(ctx.database.db, takeoverSubject(ctx, row), { pause: false, by: 'owner' });
  await channelOf(ctx, row).answerWaiting(ctx, row);
}

/** Failed turns are queued again (their messages back to pending). */
export async function retryConversation(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  conversationId: number,
): Promise<ConversationSummary> {
  const row = await ownConversation(ctx, ownerId, agentId, conversationId);
  const channel = channelOf(ctx, row);
  if (channel.turnsFail && (await retryFailedTurns(ctx.database.db, row.id))) {
    await channel.answerWaiting(ctx, row);
  }
  await announceState(ctx, row.id);
  return summaryOf(ctx, await reload(ctx, row.id));
}
