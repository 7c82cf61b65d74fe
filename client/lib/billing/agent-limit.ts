import { getPlan, type PlanId } from '@common/plans';
import { useBillingQuery } from '@/lib/billing/get-billing';

export interface AgentLimit {
  /** the plan whose limit applies (null without a subscription: build and test freely) */
  planId: PlanId | null;
  limit: number | null;
  agentCount: number;
  /** true when creating one more agent would be refused */
  reached: boolean;
  /**
   * false until the subscription has been read: a click before that waits for it instead of
   * opening a form the plan may not allow. A failed read counts as known (the server refuses a
   * creation over the limit with its own message).
   */
  known: boolean;
}

/**
 * The plan's agent limit as the owner meets it before a form: creation buttons check it first
 * and explain, instead of a refusal after the whole form was filled in.
 */
export function useAgentLimit(): AgentLimit {
  const { data, isError } = useBillingQuery();
  const planId = data?.limitsPlanId ?? null;
  const limit = planId ? getPlan(planId).agentLimit : null;
  const agentCount = data?.agentCount ?? 0;
  return {
    planId,
    limit,
    agentCount,
    reached: limit !== null && agentCount >= limit,
    known: data !== undefined || isError,
  };
}
