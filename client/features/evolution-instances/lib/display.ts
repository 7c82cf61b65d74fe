/** The status values the screens tell apart; anything else is 'unknown'. */
export type RegistryStatus = 'connected' | 'active' | 'testing' | 'unknown';

export function registryStatus(status: string): RegistryStatus {
  return status === 'connected' || status === 'active' || status === 'testing' ? status : 'unknown';
}

const MINUTE = 60_000;

/** Last activity: just now under a minute, minutes, hours, then a date. */
export function lastActivityParts(
  iso: string,
  now = Date.now(),
): { unit: 'now' } | { unit: 'minutes' | 'hours'; count: number } | { unit: 'date'; date: Date } {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < 60 * MINUTE) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < 24 * 60 * MINUTE)
    return { unit: 'hours', count: Math.floor(elapsed / (60 * MINUTE)) };
  return { unit: 'date', date: new Date(iso) };
}

/** Monitoring: counts of connected, active, testing and total instances. */
export function countByStatus(statuses: string[]) {
  const counts = { connected: 0, active: 0, testing: 0, total: statuses.length };
  for (const status of statuses) {
    const key = registryStatus(status);
    if (key !== 'unknown') counts[key] += 1;
  }
  return counts;
}
