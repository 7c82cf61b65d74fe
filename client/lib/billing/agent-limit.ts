import { getPlan, type PlanId } from '@common/plans';
import { useBillingQuery } from '@/lib/billing/get-billing';

export interface AgentLimit {
  /** the plan whose limit applies (null without a subscription: build and test freely) */
  planId: PlanId | null;
  limit: number | null;
  agentCount: number;
  /** true when creating one more agent would be refused */
  reached: boolean;
}

/**
 * The plan's agent limit as the owner meets it before a form: creation buttons check it first
 * and explain, instead of a refusal after the whole form was filled in.
 */
export function useAgentLimit(): AgentLimit {
  const { data } = useBillingQuery();
  const planId = data?.limitsPlanId ?? null;
  const limit = planId ? getPlan(planId).agentLimit : null;
  const agentCount = data?.agentCount ?? 0;
  return { planId, limit, agentCount, reached: limit !== null && agentCount >= limit };
}
