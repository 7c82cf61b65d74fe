import { useQuery } from '@tanstack/react-query';
import { simRequest } from '@/features/simulator/api/sim-request';

/** A simulated instance as the controls describe it. */
export interface SimInstance {
  instanceName: string;
  instanceId: string;
  integration: string;
  /** 'connecting' (a QR to scan) | 'open' | 'close' */
  state: string;
  wuid: string | null;
  profileName: string | null;
  qr: { base64: string; code: string; pairingCode: string | null; count: number } | null;
  webhook: { url: string; enabled: boolean; events: string[] } | null;
  createdAt: string;
}

export const simInstancesQueryKey = ['simulator', 'instances'] as const;

/** While on screen the list follows new instances and QR rotations. */
export const SIM_INSTANCES_REFRESH_MS = 3000;

/** GET /simulator/evolution/_sim — the signed-in owner's simulated instances. */
export function getSimInstances(): Promise<SimInstance[]> {
  return simRequest<SimInstance[]>('');
}

export function useSimInstancesQuery() {
  return useQuery({
    queryKey: simInstancesQueryKey,
    queryFn: getSimInstances,
    refetchInterval: SIM_INSTANCES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
