import type { ChecklistCelebrated, GoLiveChecklist } from '@common/schemas/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checklistQueryKey } from '@/lib/query-keys';

/** POST /api/dashboard/checklist/celebrated: the owner closed "Seu agente está no ar!". */
export function celebrateGoLive(): Promise<ChecklistCelebrated> {
  return apiRequest<ChecklistCelebrated>('/api/dashboard/checklist/celebrated', {
    method: 'POST',
  });
}

/** Once recorded, the moment leaves the home at once (and every other device on its next read). */
export function useCelebrateGoLiveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: celebrateGoLive,
    onSuccess: () =>
      queryClient.setQueryData<GoLiveChecklist>(checklistQueryKey, (checklist) =>
        checklist ? { ...checklist, celebrated: true } : checklist,
      ),
  });
}
