/**
 * Our subscription states, moved only by what the provider says after a re-read:
 * pending → trialing/active → paused ⇄ active → cancelled.
 * Cancelled is irreversible. A provider word we do not know changes nothing (it is stored and
 * logged by the caller), and a stale read never moves a subscription back to pending.
 */
export interface CurrentState {
  status: string;
  trialEndsAt: Date | null;
}

export interface Transition {
  /** one of SUBSCRIPTION_STATUSES, or the current one kept unchanged */
  status: string;
  /** false when the provider's word is not one we know */
  known: boolean;
}

const KNOWN = new Set(['pending', 'authorized', 'paused', 'cancelled']);

export function nextStatus(current: CurrentState, providerStatus: string, now: Date): Transition {
  const known = KNOWN.has(providerStatus);
  if (current.status === 'cancelled') return { status: 'cancelled', known };
  switch (providerStatus) {
    case 'pending':
      return { status: current.status === 'pending' ? 'pending' : current.status, known };
    case 'authorized': {
      const inTrial = current.trialEndsAt !== null && now < current.trialEndsAt;
      return { status: inTrial ? 'trialing' : 'active', known };
    }
    case 'paused':
      return { status: 'paused', known };
    case 'cancelled':
      return { status: 'cancelled', known };
    default:
      return { status: current.status, known: false };
  }
}

export function isServing(status: string): boolean {
  return status === 'trialing' || status === 'active';
}
