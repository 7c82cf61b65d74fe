import type { GoLiveChecklist } from '@common/go-live';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checklistQueryKey } from '@/lib/query-keys';

/** GET /api/dashboard/checklist: each step between the owner and customers being answered. */
export function getChecklist(): Promise<GoLiveChecklist> {
  return apiRequest<GoLiveChecklist>('/api/dashboard/checklist');
}

/** Read again each time the home is shown: the owner comes back from doing a step. */
export function useChecklistQuery() {
  return useQuery({ queryKey: checklistQueryKey, queryFn: getChecklist, refetchOnMount: 'always' });
}
