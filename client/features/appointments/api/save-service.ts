import type { Service, ServiceInput } from '@common/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { servicesKey, slotsRootKey } from './appointments-keys';

interface SaveServiceArgs {
  /** absent: a new service (POST); present: that service replaced (PUT) */
  serviceId?: number | undefined;
  input: ServiceInput;
}

/** POST /api/agents/{id}/services or PUT /api/agents/{id}/services/{serviceId}. */
export function saveService(agentId: number, { serviceId, input }: SaveServiceArgs) {
  const path = `/api/agents/${agentId}/services`;
  return serviceId === undefined
    ? apiRequest<Service>(path, { method: 'POST', body: input })
    : apiRequest<Service>(`${path}/${serviceId}`, { method: 'PUT', body: input });
}

export function useSaveServiceMutation(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: SaveServiceArgs) => saveService(agentId, args),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesKey(agentId) }),
        queryClient.invalidateQueries({ queryKey: slotsRootKey }),
      ]);
    },
  });
}
