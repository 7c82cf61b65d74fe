import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ProviderTestInput {
  /** a key typed but not saved yet; without it the saved (or the server's) key is tried */
  apiKey?: string;
  baseUrl?: string;
}

export interface ProviderTestResult {
  ok: true;
  models: string[];
}

/** 'Testar conexão': asks the provider for its model list. */
export function testProviderConnection(input: ProviderTestInput): Promise<ProviderTestResult> {
  return apiRequest<ProviderTestResult>('/api/settings/provider/test', {
    method: 'POST',
    body: input,
  });
}

export function useTestProviderConnectionMutation() {
  return useMutation({ mutationFn: testProviderConnection });
}
