import { getPlan, type Plan, type PlanId } from '../../../common/plans';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { planName } from './plan-names';
import * as repo from './subscriptions.repo';
import { isServing } from './state-machine';

/**
 * Plan limits (issue 8, SPEC.md §9), enforced on the server:
 * - agents: basico and standard 1, multi 5, consultoria unlimited;
 * - basico: no knowledge base (documents and retrieval) and no external API tools;
 * - only a trialing or active subscription makes WhatsApp and the website widget answer customers.
 * Without a subscription, agents can still be built and tested, with no limit to try before buying.
 * Over the limit after a downgrade nothing is deleted: the oldest agents stay enabled and the
 * newer ones stop answering customers until the owner deletes some or upgrades.
 */
export interface Entitlement {
  /** the plan of the trialing, active or paused subscription; null without one */
  plan: Plan | null;
  servesCustomers: boolean;
  agentIds: number[];
  agentsOverLimit: number[];
}

export async function entitlementFor(db: AppDb, userId: number): Promise<Entitlement> {
  const live = await repo.findLive(db, userId);
  const plan = live ? getPlan(live.planId as PlanId) : null;
  const agentIds = await repo.listAgentIds(db, userId);
  const limit = plan?.agentLimit ?? null;
  return {
    plan,
    servesCustomers: live ? isServing(live.status) : false,
    agentIds,
    agentsOverLimit: limit === null ? [] : agentIds.slice(limit),
  };
}

function hasExternalApis(externalApis: string | null | undefined): boolean {
  if (!externalApis) return false;
  try {
    const parsed: unknown = JSON.parse(externalApis);
    return Array.isArray(parsed) ? parsed.length > 0 : Boolean(parsed);
  } catch {
    return externalApis.trim() !== '';
  }
}

/** Before creating (or duplicating) an agent. */
export async function assertCanCreateAgent(
  db: AppDb,
  userId: number,
  data: { externalApis?: string | null },
): Promise<void> {
  const { plan, agentIds } = await entitlementFor(db, userId);
  if (!plan) return;
  if (plan.agentLimit !== null && agentIds.length >= plan.agentLimit) {
    throw new AppError('PLAN_AGENT_LIMIT', {
      params: { plan: planName(plan.id), limit: plan.agentLimit },
    });
  }
  if (!plan.externalApis && hasExternalApis(data.externalApis)) {
    throw new AppError('PLAN_NO_EXTERNAL_APIS', { params: { plan: planName(plan.id) } });
  }
}

/** Before saving external API tools on an existing agent. */
export async function assertExternalApis(
  db: AppDb,
  userId: number,
  externalApis: string | null | undefined,
): Promise<void> {
  if (!hasExternalApis(externalApis)) return;
  const { plan } = await entitlementFor(db, userId);
  if (plan && !plan.externalApis) {
    throw new AppError('PLAN_NO_EXTERNAL_APIS', { params: { plan: planName(plan.id) } });
  }
}

/** Before uploading, reprocessing or searching documents. */
export async function assertKnowledgeBase(db: AppDb, userId: number): Promise<void> {
  const { plan } = await entitlementFor(db, userId);
  if (plan && !plan.knowledgeBase) {
    throw new AppError('PLAN_NO_KNOWLEDGE_BASE', { params: { plan: planName(plan.id) } });
  }
}

/** What the agent runtime may use for this owner's agents. */
export async function runtimeFeatures(
  db: AppDb,
  ownerId: number,
): Promise<{ retrieval: boolean; externalApis: boolean }> {
  const live = await repo.findLive(db, ownerId);
  const plan = live ? getPlan(live.planId as PlanId) : null;
  return { retrieval: plan?.knowledgeBase ?? true, externalApis: plan?.externalApis ?? true };
}

/**
 * Whether this agent may answer customers on WhatsApp and the website widget: a trialing or
 * active subscription, and the agent within the plan's agent limit.
 */
export async function agentServesCustomers(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<boolean> {
  const { servesCustomers, agentIds, agentsOverLimit } = await entitlementFor(db, ownerId);
  return servesCustomers && agentIds.includes(agentId) && !agentsOverLimit.includes(agentId);
}
