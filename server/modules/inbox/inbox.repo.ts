import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { InboxChannel, InboxStatus } from '@common/schemas/inbox';
import { queryRows, type AppDb } from '../../db/client';
import { agents, conversations, messages } from '../../db/schema';
import type { InboxKeyset } from './inbox-cursor';
import type { InboxItemRow, MessageRow } from './inbox-view';

/**
 * The inbox's SQL: the owner's customer conversations (every channel but the test console's),
 * always reached through their agent's owner.
 */

/** A moment as ISO text with milliseconds, UTC, as the API shows times. */
const iso = (moment: SQL) =>
  sql`to_char(${moment} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What the list shows of a conversation (`c`), its agent (`a`) and newest message (`lm`). */
const ITEM_FIELDS = sql`c.id, c.channel, a.id AS agent_id, a.name AS agent_name, c.contact_id,
  c.contact_name, c.unread_count, c.handed_over_at IS NOT NULL AS handed_over,
  CASE WHEN c.bot_paused_until > now() THEN ${iso(sql`c.bot_paused_until`)} END AS paused_until,
  (SELECT count(*)::int FROM messages f WHERE f.conversation_id = c.id AND f.status = 'failed')
    AS failed,
  to_jsonb(c.tags) AS tags, c.notes, ${iso(sql`c.created_at`)} AS first_seen_at,
  lm.role AS last_role, lm.kind AS last_kind, left(lm.content, 300) AS last_content,
  lm.media AS last_media, ${iso(sql`lm.created_at`)} AS last_at,
  to_char(c.last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS activity_key`;

export interface InboxFilter {
  ownerId: number;
  channel?: InboxChannel | undefined;
  agentId?: number | undefined;
  status?: InboxStatus | undefined;
  search?: InboxSearch | null;
  after?: InboxKeyset | null;
  limit: number;
}

/**
 * A search: a substring of the contact's name (accents and case aside), digits of a WhatsApp
 * phone, or message text (the Portuguese full-text query; null when the text has no lexemes).
 */
export interface InboxSearch {
  text: string;
  phoneDigits: string | null;
  tsquery: string | null;
}

const STATUS_CONDITIONS: Record<InboxStatus, SQL> = {
  'needs-person': sql`c.handed_over_at IS NOT NULL`,
  paused: sql`c.handed_over_at IS NULL AND c.bot_paused_until > now()`,
  failed: sql`EXISTS (SELECT 1 FROM messages f WHERE f.conversation_id = c.id
    AND f.status = 'failed')`,
  unread: sql`c.unread_count > 0`,
};

/** LIKE's own characters taken literally (with ESCAPE '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function searchCondition(search: InboxSearch): SQL {
  const branches = [
    sql`immutable_unaccent(lower(coalesce(c.contact_name, ''))) LIKE
      '%' || immutable_unaccent(lower(${likeLiteral(search.text)})) || '%' ESCAPE '\\'`,
  ];
  if (search.phoneDigits) {
    branches.push(sql`(c.channel = 'whatsapp' AND c.contact_id LIKE ${`%${search.phoneDigits}%`})`);
  }
  if (search.tsquery) {
    // `hits` (searchHits) holds every match when there are few; when there are many, the
    // conversations are read newest first and each is asked for a match of its own (through its
    // messages in order: the expression keeps the planner off the GIN index, whose lists for a
    // common prefix are long), and the first pages are found after a few conversations.
    branches.push(sql`c.id IN (SELECT conversation_id FROM hits)`);
    branches.push(sql`((SELECT count(*) FROM hits) >= ${SEARCH_HITS} AND EXISTS (SELECT 1
      FROM messages m WHERE m.conversation_id = c.id
        AND coalesce(m.tsv, ''::tsvector) @@ ${search.tsquery}::tsquery OFFSET 0))`);
  }
  return sql`(${sql.join(branches, sql` OR `)})`;
}

/**
 * Up to this many messages matching a search are collected first. A rare word (every match
 * fits) is answered from them alone; before this, every match of the word was collected, a
 * hashed list of some 240 000 rows for a common word among 1M messages (260 ms on PostgreSQL,
 * 500 ms embedded: bench/inbox.ts). OFFSET 0 keeps the per-conversation question a question per
 * row, which the planner would otherwise turn back into the whole hashed list.
 */
const SEARCH_HITS = 2000;

const searchHits = (search: InboxSearch | null | undefined) =>
  search?.tsquery
    ? sql`WITH hits AS MATERIALIZED (SELECT m.conversation_id FROM messages m
        WHERE m.tsv @@ ${search.tsquery}::tsquery LIMIT ${SEARCH_HITS}) `
    : sql``;

/**
 * A page of the list, newest activity first, after `after`. Each of the owner's agents gives at
 * most `limit` of its conversations through its own index range (a lateral join), so the page is
 * sorted from a few rows per agent, never from every conversation of the owner.
 */
export async function inboxPage(db: AppDb, filter: InboxFilter): Promise<InboxItemRow[]> {
  const conditions: SQL[] = [sql`c.agent_id = a.id`, sql`c.channel <> 'test'`];
  if (filter.channel) conditions.push(sql`c.channel = ${filter.channel}`);
  if (filter.status) conditions.push(STATUS_CONDITIONS[filter.status]);
  if (filter.search) conditions.push(searchCondition(filter.search));
  if (filter.after) {
    conditions.push(sql`(c.last_activity_at, c.id) <
      (${filter.after.activity}::timestamp AT TIME ZONE 'UTC', ${filter.after.id}::int)`);
  }
  const agentCondition = filter.agentId ? sql`AND a.id = ${filter.agentId}` : sql``;
  return queryRows<InboxItemRow>(
    db,
    sql`${searchHits(filter.search)}SELECT ${ITEM_FIELDS}
        FROM agents a
        CROSS JOIN LATERAL (
          SELECT * FROM conversations c WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY c.last_activity_at DESC, c.id DESC LIMIT ${filter.limit}
        ) c
        LEFT JOIN messages lm ON lm.id = c.last_message_id
        WHERE a.owner_id = ${filter.ownerId} ${agentCondition}
        ORDER BY c.last_activity_at DESC, c.id DESC
        LIMIT ${filter.limit}`,
  );
}

/** One conversation of the owner as the list shows it; null when it is not theirs (or a test). */
export async function inboxItemRow(
  db: AppDb,
  ownerId: number,
  conversationId: number,
): Promise<InboxItemRow | null> {
  const rows = await queryRows<InboxItemRow>(
    db,
    sql`SELECT ${ITEM_FIELDS}
        FROM conversations c
        JOIN agents a ON a.id = c.agent_id
        LEFT JOIN messages lm ON lm.id = c.last_message_id
        WHERE c.id = ${conversationId} AND a.owner_id = ${ownerId} AND c.channel <> 'test'`,
  );
  return rows[0] ?? null;
}

/** The lexemes of a search text as the messages' `tsv` holds them (Portuguese, no accents). */
export async function searchLexemes(db: AppDb, text: string): Promise<string[]> {
  const [row] = await queryRows<{ lexemes: string[] | null }>(
    db,
    sql`SELECT tsvector_to_array(to_tsvector('portuguese'::regconfig,
          immutable_unaccent(${text}))) AS lexemes`,
  );
  return row?.lexemes ?? [];
}

export type ConversationRow = typeof conversations.$inferSelect;

/** The owner's customer conversation (not a test chat), or null. */
export async function ownedConversation(
  db: AppDb,
  ownerId: number,
  conversationId: number,
): Promise<ConversationRow | null> {
  const rows = await db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(agents.ownerId, ownerId),
        ne(conversations.channel, 'test'),
      ),
    )
    .limit(1);
  return rows[0]?.conversation ?? null;
}

/** `limit` messages of the conversation before message `before` (all when null), newest first. */
export async function messagesBefore(
  db: AppDb,
  conversationId: number,
  before: number | null,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before === null ? undefined : lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}
