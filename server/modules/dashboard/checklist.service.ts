import {
  GO_LIVE_STEPS,
  type ChecklistCelebrated,
  type GoLiveChecklist,
} from '@common/schemas/agent';
import { hasOwnKnowledge } from '@common/templates';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { agentServesCustomers, ownerServesCustomers } from '../subscriptions';
import { markGoLiveCelebrated } from '../users';
import { checklistAgents, goLiveCelebratedAt, type ChecklistAgentRow } from './dashboard.repo';

interface AgentSteps extends ChecklistAgentRow {
  knowledge: boolean;
}

/**
 * Knowledge counts once the owner added something of their own: a ready document, or free text
 * beyond a template's (a template's skeleton alone ticked the step, so its button never
 * showed).
 */
function withSteps(row: ChecklistAgentRow): AgentSteps {
  return { ...row, knowledge: row.readyDocument || hasOwnKnowledge(row.knowledgeBase) };
}

const stepsDone = (a: AgentSteps) =>
  Number(a.status === 'active') +
  Number(a.knowledge) +
  Number(a.tested) +
  Number(a.whatsapp) +
  Number(a.widget);

/**
 * The go-live checklist of the dashboard home: each step an owner takes before customers are
 * answered, done or not, about the agent furthest along (most steps done, then the newest). The
 * subscription step asks whether that agent may answer customers (a live subscription and the
 * agent within the plan's limit).
 */
export async function goLiveChecklist(db: AppDb, ownerId: number): Promise<GoLiveChecklist> {
  const [rows, celebratedAt] = await Promise.all([
    checklistAgents(db, ownerId),
    goLiveCelebratedAt(db, ownerId),
  ]);
  const agents = rows.map(withSteps);
  // newest first: a stable sort keeps the newest among those as far along
  const row = agents.sort((a, b) => stepsDone(b) - stepsDone(a))[0];
  const subscription = row
    ? await agentServesCustomers(db, ownerId, row.id)
    : await ownerServesCustomers(db, ownerId);
  return {
    agent: row ? { id: row.id, name: row.name, status: row.status } : null,
    done: {
      subscription,
      agent: row?.status === 'active',
      knowledge: row?.knowledge ?? false,
      tested: row?.tested ?? false,
      whatsapp: row?.whatsapp ?? false,
      widget: row?.widget ?? false,
    },
    widgetOrigin: row?.widgetOrigin ?? null,
    celebrated: celebratedAt !== null,
  };
}

/**
 * The owner closed the "Seu agente está no ar!" moment: recorded for the owner, so it
 * is not shown again on another device or browser (ADR 0037). Only once the checklist is
 * complete: a moment closed early would never be seen. Repeated, it keeps the first time.
 */
export async function celebrateGoLive(db: AppDb, ownerId: number): Promise<ChecklistCelebrated> {
  const { done } = await goLiveChecklist(db, ownerId);
  if (!GO_LIVE_STEPS.every((step) => done[step])) throw new AppError('CHECKLIST_INCOMPLETE');
  const at = await markGoLiveCelebrated(db, ownerId);
  return { celebratedAt: at.toISOString() };
}
