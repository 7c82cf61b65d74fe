import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { agents, conversations, messages, webchatConfigs } from '../../db/schema';
import type { AgentRow } from '../agents';

export type WebchatConfigRow = typeof webchatConfigs.$inferSelect;

/**
 * Callers of the owner-facing functions pass an agent id the agents service already checked
 * against the owner. The public channel reaches an agent by its public key alone (that is what
 * the snippet names) and then acts as that agent's owner, never exposing owner data.
 */
export async function findConfig(
  db: AppDb,
  agentId: number,
): Promise<WebchatConfigRow | undefined> {
  const rows = await db
    .select()
    .from(webchatConfigs)
    .where(eq(webchatConfigs.agentId, agentId))
    .limit(1);
  return rows[0];
}

export async function upsertConfig(
  db: AppDb,
  agentId: number,
  config: Record<string, unknown>,
  allowedDomains: string[],
): Promise<WebchatConfigRow> {
  const rows = await db
    .insert(webchatConfigs)
    .values({ agentId, config, allowedDomains })
    .onConflictDoUpdate({
      target: webchatConfigs.agentId,
      set: { config, allowedDomains, updatedAt: new Date() },
    })
    .returning();
  return rows[0]!;
}

/** The agent a public request names by its key, with its widget settings (if any), in one query. */
export async function findPublicAgent(
  db: AppDb,
  publicKey: string,
): Promise<
  { agent: AgentRow; allowedDomains: string[]; config: Record<string, unknown> } | undefined
> {
  const rows = await db
    .select({
      agent: agents,
      allowedDomains: webchatConfigs.allowedDomains,
      config: webchatConfigs.config,
    })
    .from(agents)
    .leftJoin(webchatConfigs, eq(webchatConfigs.agentId, agents.id))
    .where(eq(agents.publicKey, publicKey))
    .limit(1);
  const row = rows[0];
  return row
    ? { agent: row.agent, allowedDomains: row.allowedDomains ?? [], config: row.config ?? {} }
    : undefined;
}

/**
 * Records the site the widget was loaded on (the go-live checklist's "installed"). Written at
 * most once an hour per agent and site, whatever the page views.
 */
export async function recordWidgetSeen(db: AppDb, agentId: number, origin: string): Promise<void> {
  await db
    .insert(webchatConfigs)
    .values({ agentId, seenOrigin: origin, seenAt: new Date() })
    .onConflictDoUpdate({
      target: webchatConfigs.agentId,
      set: { seenOrigin: origin, seenAt: new Date() },
      setWhere: sql`${webchatConfigs.seenAt} IS NULL
        OR ${webchatConfigs.seenAt} < now() - interval '1 hour'
        OR ${webchatConfigs.seenOrigin} IS DISTINCT FROM ${origin}`,
    });
}

/** One visitor's messages with one agent, oldest first (the last `limit`). */
export async function visitorMessages(
  db: AppDb,
  agentId: number,
  channel: string,
  visitorId: string,
  limit: number,
) {
  const rows = await db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      media: messages.media,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(conversations.agentId, agentId),
        eq(conversations.channel, channel),
        eq(conversations.contactId, visitorId),
        eq(messages.status, 'done'),
        inArray(messages.role, ['user', 'assistant', 'human']),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The visitor's conversation with the agent on the website, if there is one. */
export async function visitorConversationId(
  db: AppDb,
  agentId: number,
  channel: string,
  visitorId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.agentId, agentId),
        eq(conversations.channel, channel),
        eq(conversations.contactId, visitorId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The newest message id of a conversation (0 when it has none). */
export async function newestMessageId(db: AppDb, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${messages.id})` })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  return Number(row?.id ?? 0);
}

/** A person's messages in the conversation after message `afterId`, oldest first. */
export function personMessagesAfter(
  db: AppDb,
  conversationId: number,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: messages.id,
      content: messages.content,
      media: messages.media,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.role, 'human'),
        eq(messages.status, 'done'),
        sql`${messages.id} > ${afterId}`,
      ),
    )
    .orderBy(messages.id)
    .limit(limit);
}

/** Whose conversation this is: its agent, channel and contact. */
export async function conversationContact(db: AppDb, conversationId: number) {
  const [row] = await db
    .select({
      agentId: conversations.agentId,
      channel: conversations.channel,
      contactId: conversations.contactId,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row ?? null;
}
