import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimInstance } from '@/features/simulator/api/get-sim-instances';
import { simInstancesQueryKey } from '@/features/simulator/api/get-sim-instances';
import { simRequest } from '@/features/simulator/api/sim-request';

/** POST _sim/{instance}/scan — the "phone" reads the QR code and the instance opens. */
export function scanSimInstance({
  instanceName,
  number,
  profileName,
}: {
  instanceName: string;
  number?: string;
  profileName?: string;
}): Promise<SimInstance> {
  return simRequest<SimInstance>(`/${encodeURIComponent(instanceName)}/scan`, {
    method: 'POST',
    body: {
      ...(number ? { number } : {}),
      ...(profileName ? { profileName } : {}),
    },
  });
}

export function useScanSimInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scanSimInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simInstancesQueryKey }),
  });
}
