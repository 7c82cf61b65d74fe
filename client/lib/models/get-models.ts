import type { ModelOptions } from '@common/models';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** One key for every picker (creation dialog, wizard, editor, Settings); saving Settings resets it. */
export const modelsQueryKey = ['settings', 'models'] as const;

/** GET /api/settings/models: the owner's provider's models, else the catalogue. */
export function getModels(): Promise<ModelOptions> {
  return apiRequest<ModelOptions>('/api/settings/models');
}

export function useModelsQuery() {
  return useQuery({ queryKey: modelsQueryKey, queryFn: getModels });
}
