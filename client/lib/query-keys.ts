/**
 * Query keys read by more than one feature, so a write in one (create, delete, duplicate) refreshes
 * the reads of the others: after an agent is created or deleted, the agent list and the dashboard
 * stats are fresh on every screen. Invalidating `agentsQueryKey` also reaches every
 * `agentQueryKey(id)` below it.
 */
export const agentsQueryKey = ['agents'] as const;

export function agentQueryKey(id: number | string) {
  return ['agents', String(id)] as const;
}

/** Everything the dashboard home reads: its stats and its checklist. */
export const dashboardQueryKey = ['dashboard'] as const;
export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;
/** The go-live checklist: refreshed whenever the dashboard home is shown again. */
export const checklistQueryKey = ['dashboard', 'checklist'] as const;
