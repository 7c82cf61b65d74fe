import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimInstance } from '@/features/simulator/api/get-sim-instances';
import { simInstancesQueryKey } from '@/features/simulator/api/get-sim-instances';
import { simRequest } from '@/features/simulator/api/sim-request';

/** POST _sim/{instance}/disconnect — the phone unlinks the device (status 401, like logout). */
export function disconnectSimInstance(instanceName: string): Promise<SimInstance> {
  return simRequest<SimInstance>(`/${encodeURIComponent(instanceName)}/disconnect`, {
    method: 'POST',
    body: {},
  });
}

export function useDisconnectSimInstanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSimInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simInstancesQueryKey }),
  });
}
