import {
  UNANSWERED_ORIGINS,
  UNANSWERED_REASONS,
  type UnansweredAnswerInput,
  type UnansweredAnswerResult,
  type UnansweredGroup,
  type UnansweredReason,
} from '@common/schemas/analytics';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { taughtAnswerText } from '../../lib/taught-answer';
import { getAgent } from '../agents';
import { createTextDocument, embedTextDocument } from '../knowledge';
import { assertKnowledgeBase } from '../subscriptions';
import * as repo from './unanswered.repo';
import { questionStems } from './unanswered-similarity';

/**
 * The questions the agents could not answer (docs/decisions/0021): recorded by the
 * customer channels (the website widget, WhatsApp) and the owner's test console (ADR 0037),
 * grouped by similarity, listed for the owner, and answered into a knowledge entry of the agent.
 */

/** What the reports keep of a question (a customer may paste a page). */
export const QUESTION_MAX = 500;

export interface AskedQuestion {
  ownerId: number;
  agent: { id: number; language: string };
  /** the customer's conversation; null: asked by the owner in the test console (ADR 0037) */
  conversationId: number | null;
  /** the customer message it was asked in, when known (a WhatsApp turn's last) */
  messageId?: number | null;
  question: string;
  reason: UnansweredReason;
}

/**
 * Records a question of a customer channel or of the test console. Best effort: the reports must
 * never cost a customer their reply, so a failure here is logged and the turn goes on.
 */
export async function recordUnanswered(ctx: AppContext, asked: AskedQuestion): Promise<void> {
  const question = asked.question.replace(/\s+/g, ' ').trim().slice(0, QUESTION_MAX);
  if (!question) return;
  try {
    await repo.recordQuestion(ctx.database.db, {
      ownerId: asked.ownerId,
      agentId: asked.agent.id,
      origin: asked.conversationId === null ? 'test' : 'customer',
      conversationId: asked.conversationId,
      messageId: asked.messageId ?? null,
      question,
      stems: questionStems(question, asked.agent.language),
      reason: asked.reason,
    });
  } catch (err) {
    ctx.httpApp?.log.warn({ err, agentId: asked.agent.id }, 'unanswered question not recorded');
  }
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listUnanswered(
  ctx: AppContext,
  ownerId: number,
  agentId: number | undefined,
): Promise<UnansweredGroup[]> {
  if (agentId !== undefined) await getAgent(ctx.database.db, ownerId, agentId);
  const rows = await repo.openGroups(ctx.database.db, ownerId, agentId);
  return rows.map((row) => ({
    id: row.id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    question: row.question,
    count: row.count,
    lastAskedAt: iso(row.last_asked_at),
    reasons: UNANSWERED_REASONS.filter((r) => row.reasons.includes(r)),
    origins: UNANSWERED_ORIGINS.filter((o) => row.origins.includes(o)),
    conversationIds: row.conversation_ids,
  }));
}

/** The knowledge entry an answer becomes: "Pergunta: …" / "Resposta: …". */
export function answerEntry(question: string, answer: string) {
  return {
    name: `Pergunta: ${question}`,
    text: taughtAnswerText(question, answer),
  };
}

/**
 * The owner's answer becomes a ready knowledge document of the group's agent and the group is
 * answered, in one transaction: the next turn's search finds the entry. Another owner's group is
 * the same 404 as none; an answered group is 409 (two saves at once: the second gets it); a plan
 * without a knowledge base is 403, before anything is written.
 */
export async function answerUnanswered(
  ctx: AppContext,
  ownerId: number,
  groupId: number,
  input: UnansweredAnswerInput,
): Promise<UnansweredAnswerResult> {
  const db = ctx.database.db;
  const group = await repo.findGroup(db, ownerId, groupId);
  if (!group) throw new AppError('UNANSWERED_NOT_FOUND');
  if (group.answeredAt) throw new AppError('UNANSWERED_ANSWERED');
  await assertKnowledgeBase(db, ownerId);
  const entry = answerEntry(group.question, input.answer);
  const document = await db.transaction(async (tx) => {
    const doc = await createTextDocument(tx, { agentId: group.agentId, ownerId, ...entry });
    if (!(await repo.markAnswered(tx, group.id, doc.id))) throw new AppError('UNANSWERED_ANSWERED');
    return doc;
  });
  // Lexically searchable already; its embeddings (where there is an embedder) before the reply.
  await embedTextDocument(ctx, ownerId, group.agentId, document.id);
  return { groupId: group.id, documentId: document.id, documentName: document.originalName };
}
