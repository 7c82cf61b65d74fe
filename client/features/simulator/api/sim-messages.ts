import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { simRequest } from '@/features/simulator/api/sim-request';

/** One message of the simulated chat log: in = the customer, out = the business (the agent). */
export interface SimMessage {
  id: number;
  keyId: string;
  direction: 'in' | 'out';
  remoteJid: string;
  text: string;
  messageType: string;
  messageTimestamp: number;
  hasMedia: boolean;
}

export function simMessagesQueryKey(instanceName: string, number: string) {
  return ['simulator', 'messages', instanceName, number] as const;
}

/** How often the chat is re-read for the agent's replies. */
export const SIM_CHAT_REFRESH_MS = 1500;

/** GET _sim/{instance}/messages?number= — the chat with one customer number. */
export function getSimMessages(instanceName: string, number: string): Promise<SimMessage[]> {
  const query = new URLSearchParams({ number });
  return simRequest<SimMessage[]>(`/${encodeURIComponent(instanceName)}/messages?${query}`);
}

export function useSimMessagesQuery(instanceName: string, number: string, enabled: boolean) {
  return useQuery({
    queryKey: simMessagesQueryKey(instanceName, number),
    queryFn: () => getSimMessages(instanceName, number),
    enabled,
    refetchInterval: SIM_CHAT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** POST _sim/{instance}/messages — the customer sends a text. */
export function sendSimMessage(input: {
  instanceName: string;
  from: string;
  text: string;
  pushName?: string;
}): Promise<unknown> {
  const { instanceName, ...body } = input;
  return simRequest<unknown>(`/${encodeURIComponent(instanceName)}/messages`, {
    method: 'POST',
    body,
  });
}

export function useSendSimMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSimMessage,
    onSuccess: (_answer, { instanceName, from }) =>
      queryClient.invalidateQueries({ queryKey: simMessagesQueryKey(instanceName, from) }),
  });
}
