import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UnansweredOrigin, UnansweredReason } from '@common/schemas/analytics';
import { queryRows, type AppDb } from '../../db/client';
import { unansweredGroups, unansweredQuestions } from '../../db/schema';
import { mostSimilar } from './unanswered-similarity';
import { intArray } from '../../db/sql-arrays';

/**
 * First key of the per-agent advisory lock that serialises the grouping of its questions (the
 * second is the agent's id); a constant of ours, beside events.repo.ts's 727_019.
 */
const GROUPING_LOCK_SPACE = 727_020;
/** the open groups a new question is compared with: the agent's most recently asked */
const GROUPS_COMPARED = 500;
/** the example conversations a group lists */
export const GROUP_CONVERSATIONS = 20;
/** the open groups listed: the most recently asked */
const GROUPS_LISTED = 200;

export interface NewQuestion {
  ownerId: number;
  agentId: number;
  origin: UnansweredOrigin;
  /** the customer's conversation; null for a test-console question */
  conversationId: number | null;
  messageId: number | null;
  question: string;
  stems: string[];
  reason: UnansweredReason;
}

/**
 * Stores the question in the most similar open group of its agent, or in a new group. One
 * transaction under the agent's advisory lock: two turns asking the same question at once are
 * grouped one after the other (one group, both counted). A message already recorded (a WhatsApp
 * turn planned again) is not recorded twice. Resolves to the group's id.
 */
export async function recordQuestion(db: AppDb, q: NewQuestion): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${GROUPING_LOCK_SPACE}::int, ${q.agentId}::int)`,
    );
    if (q.messageId !== null) {
      const [seen] = await tx
        .select({ groupId: unansweredQuestions.groupId })
        .from(unansweredQuestions)
        .where(eq(unansweredQuestions.messageId, q.messageId))
        .limit(1);
      if (seen) return null;
    }
    const open = await tx
      .select({ id: unansweredGroups.id, stems: unansweredGroups.stems })
      .from(unansweredGroups)
      .where(and(eq(unansweredGroups.agentId, q.agentId), isNull(unansweredGroups.answeredAt)))
      .orderBy(desc(unansweredGroups.lastAskedAt), desc(unansweredGroups.id))
      .limit(GROUPS_COMPARED);
    const now = new Date();
    let groupId = mostSimilar(q.stems, open)?.id;
    if (groupId !== undefined) {
      await tx
        .update(unansweredGroups)
        .set({ question: q.question, lastAskedAt: now })
        .where(eq(unansweredGroups.id, groupId));
    } else {
      const [group] = await tx
        .insert(unansweredGroups)
        .values({
          ownerId: q.ownerId,
          agentId: q.agentId,
          question: q.question,
          stems: q.stems,
          lastAskedAt: now,
        })
        .returning({ id: unansweredGroups.id });
      groupId = group!.id;
    }
    await tx.insert(unansweredQuestions).values({
      groupId,
      ownerId: q.ownerId,
      agentId: q.agentId,
      origin: q.origin,
      conversationId: q.conversationId,
      messageId: q.messageId,
      question: q.question,
      reason: q.reason,
      createdAt: now,
    });
    return groupId;
  });
}

export interface OpenGroupRow {
  id: number;
  agent_id: number;
  agent_name: string;
  question: string;
  count: number;
  last_asked_at: Date | string;
  reasons: string[];
  origins: string[];
  conversation_ids: number[];
}

/**
 * The owner's open groups (of one agent, or all), newest asked first, with what they hold: the
 * reasons and origins of their questions and the customer conversations they were asked in.
 */
export function openGroups(
  db: AppDb,
  ownerId: number,
  agentId: number | undefined,
): Promise<OpenGroupRow[]> {
  return queryRows<OpenGroupRow>(
    db,
    sql`SELECT g.id, g.agent_id, a.name AS agent_name, g.question, g.last_asked_at,
          q.count, q.reasons, q.origins,
          (SELECT coalesce(array_agg(c.conversation_id ORDER BY c.last_id DESC), '{}')
             FROM (SELECT conversation_id, max(id) AS last_id FROM unanswered_questions
                   WHERE group_id = g.id AND conversation_id IS NOT NULL
                   GROUP BY conversation_id
                   ORDER BY last_id DESC LIMIT ${GROUP_CONVERSATIONS}) AS c) AS conversation_ids
        FROM unanswered_groups g
        JOIN agents a ON a.id = g.agent_id
        JOIN LATERAL (SELECT count(*)::int AS count, array_agg(DISTINCT reason) AS reasons,
                        array_agg(DISTINCT origin) AS origins
                      FROM unanswered_questions WHERE group_id = g.id) AS q ON q.count > 0
        WHERE g.owner_id = ${ownerId} AND g.answered_at IS NULL
          ${agentId === undefined ? sql`` : sql`AND g.agent_id = ${agentId}`}
        ORDER BY g.last_asked_at DESC, g.id DESC
        LIMIT ${GROUPS_LISTED}`,
  );
}

export function findGroup(db: AppDb, ownerId: number, groupId: number) {
  return db
    .select()
    .from(unansweredGroups)
    .where(and(eq(unansweredGroups.id, groupId), eq(unansweredGroups.ownerId, ownerId)))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Marks the open group answered by the document, if nobody did first (two saves at once: one
 * wins); whether this call did.
 */
export async function markAnswered(
  db: AppDb,
  groupId: number,
  documentId: number,
): Promise<boolean> {
  const rows = await db
    .update(unansweredGroups)
    .set({ answeredAt: new Date(), documentId })
    .where(and(eq(unansweredGroups.id, groupId), isNull(unansweredGroups.answeredAt)))
    .returning({ id: unansweredGroups.id });
  return rows.length > 0;
}

/**
 * The LGPD erasure of a person: the questions they asked. A group of unanswered questions is
 * worded as its latest question: once the person's are gone it takes the latest of the others',
 * or goes with them when it has no other (answered groups stay: their wording is the owner's
 * knowledge document now).
 */
export async function eraseQuestionsOf(
  db: AppDb,
  ownerId: number,
  conversationIds: readonly number[],
) {
  if (conversationIds.length === 0) return;
  const ids = intArray(conversationIds);
  await db.execute(sql`WITH theirs AS (
      DELETE FROM unanswered_questions
      WHERE owner_id = ${ownerId} AND conversation_id = ANY (${ids})
      RETURNING group_id)
    DELETE FROM unanswered_groups g
    WHERE g.owner_id = ${ownerId} AND g.answered_at IS NULL AND g.id IN (SELECT group_id FROM theirs)
      AND NOT EXISTS (SELECT 1 FROM unanswered_questions q
        WHERE q.group_id = g.id AND q.conversation_id <> ALL (${ids}))`);
  await db.execute(sql`UPDATE unanswered_groups g
    SET question = (SELECT q.question FROM unanswered_questions q
      WHERE q.group_id = g.id ORDER BY q.id DESC LIMIT 1)
    WHERE g.owner_id = ${ownerId} AND g.answered_at IS NULL
      AND EXISTS (SELECT 1 FROM unanswered_questions q WHERE q.group_id = g.id)
      AND g.question <> (SELECT q.question FROM unanswered_questions q
        WHERE q.group_id = g.id ORDER BY q.id DESC LIMIT 1)`);
}
