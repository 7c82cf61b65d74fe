import { getPlan, type Plan, type PlanId } from '@common/plans';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { planName } from './plan-names';
import * as repo from './subscriptions.repo';
import { isServing } from './state-machine';

/**
 * Plan limits, enforced on the server:
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

/**
 * Runs `change` in a transaction holding the owner's row locked (`SELECT … FOR UPDATE`), so every
 * limit the plan sets is decided in the database: of requests racing to create, each counts what
 * the one before it committed. Every check against a count the plan limits (agents today) and the
 * write it guards go inside `change`, on the transaction it is given.
 */
export async function withinPlanLimits<T>(
  db: AppDb,
  ownerId: number,
  change: (tx: AppDb) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${ownerId} FOR UPDATE`);
    return change(tx);
  });
}

/** Before creating (or duplicating) an agent; inside `withinPlanLimits`, with the agent's insert. */
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

/** What the agent runtime may use for an owner's agents (basico: no retrieval, no API tools). */
export interface RuntimeFeatures {
  retrieval: boolean;
  externalApis: boolean;
}

function featuresOf(plan: Plan | null): RuntimeFeatures {
  return { retrieval: plan?.knowledgeBase ?? true, externalApis: plan?.externalApis ?? true };
}

/** What the agent runtime may use for this owner's agents. */
export async function runtimeFeatures(db: AppDb, ownerId: number): Promise<RuntimeFeatures> {
  const live = await repo.findLive(db, ownerId);
  return featuresOf(live ? getPlan(live.planId as PlanId) : null);
}

export interface CustomerAccess {
  servesCustomers: boolean;
  features: RuntimeFeatures;
}

/** What a CustomerAccessRow allows: answering customers (see agentServesCustomers), and the plan's features. */
export function toCustomerAccess(access: repo.CustomerAccessRow): CustomerAccess {
  const plan = access.planId ? getPlan(access.planId as PlanId) : null;
  const limit = plan?.agentLimit ?? null;
  const servesCustomers =
    access.status !== null &&
    isServing(access.status) &&
    access.owns &&
    (limit === null || Number(access.olderAgents) < limit);
  return { servesCustomers, features: featuresOf(plan) };
}

export type { CustomerAccessRow } from './subscriptions.repo';

/** Carries an agent's CustomerAccessRow along in another statement (read it with toCustomerAccess). */
export const customerAccessExpression = repo.customerAccessExpression;

/**
 * Before answering a customer (WhatsApp, the website widget), in one query: whether this agent
 * may (as agentServesCustomers decides) and what the runtime may use for it.
 */
export async function customerAccess(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<CustomerAccess> {
  return toCustomerAccess(await repo.findCustomerAccess(db, ownerId, agentId));
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
  return (await customerAccess(db, ownerId, agentId)).servesCustomers;
}

/** Whether the owner's subscription is trialing or active (the go-live checklist's first step). */
export async function ownerServesCustomers(db: AppDb, userId: number): Promise<boolean> {
  const live = await repo.findLive(db, userId);
  return live ? isServing(live.status) : false;
}

/** The plan of the owner's trialing, active or paused subscription, with its name; null without. */
export async function ownerPlan(
  db: AppDb,
  ownerId: number,
): Promise<(Plan & { name: string }) | null> {
  const live = await repo.findLive(db, ownerId);
  if (!live) return null;
  const plan = getPlan(live.planId as PlanId);
  return { ...plan, name: planName(plan.id) };
}
