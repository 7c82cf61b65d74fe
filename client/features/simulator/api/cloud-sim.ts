import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** An official number of the owner's living in the simulator that plays Meta. */
export interface CloudSimNumber {
  phoneNumberId: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  agentId: number | null;
  agentName: string | null;
  /** the number stays on the WhatsApp Business app too: the owner can answer from the phone */
  coexistence: boolean;
}

/**
 * One message as the customer's phone shows it: `business` went through the API (the agent or a
 * person in the inbox), `business-app` was typed in the WhatsApp Business app (coexistence).
 */
export interface CloudSimMessage {
  id: string;
  from: 'customer' | 'business' | 'business-app';
  kind: 'text' | 'template' | 'image' | 'audio' | 'document' | 'buttons' | 'list';
  text: string;
  buttons: CloudSimChoice[];
  status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  at: string;
}

export interface CloudSimChoice {
  id: string;
  title: string;
}

const BASE = '/api/whatsapp/cloud/simulator/numbers';

export const cloudSimNumbersQueryKey = ['simulator', 'cloud', 'numbers'] as const;

export function cloudSimChatQueryKey(phoneNumberId: string, phone: string) {
  return ['simulator', 'cloud', 'chat', phoneNumberId, phone] as const;
}

/** New numbers show up while the page is open (one connected in another tab). */
export const CLOUD_SIM_NUMBERS_REFRESH_MS = 3000;
/** The chat is re-read for the agent's replies and the delivery ticks. */
export const CLOUD_SIM_CHAT_REFRESH_MS = 1000;

function chatPath(phoneNumberId: string, phone: string) {
  return `${BASE}/${encodeURIComponent(phoneNumberId)}/chats/${encodeURIComponent(phone)}`;
}

/** GET …/simulator/numbers — the owner's official numbers in the simulator. */
export function useCloudSimNumbersQuery() {
  return useQuery({
    queryKey: cloudSimNumbersQueryKey,
    queryFn: () => apiRequest<CloudSimNumber[]>(BASE),
    refetchInterval: CLOUD_SIM_NUMBERS_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** GET …/numbers/{pnid}/chats/{phone} — what that customer's phone shows. */
export function useCloudSimChatQuery(phoneNumberId: string, phone: string) {
  return useQuery({
    queryKey: cloudSimChatQueryKey(phoneNumberId, phone),
    queryFn: () =>
      apiRequest<{ messages: CloudSimMessage[] }>(chatPath(phoneNumberId, phone)).then(
        (chat) => chat.messages,
      ),
    refetchInterval: CLOUD_SIM_CHAT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

interface ChatTarget {
  phoneNumberId: string;
  phone: string;
}

/** POST …/chats/{phone}/messages — the customer writes, or taps one of the buttons. */
export function sendCloudSimMessage(
  input: ChatTarget & { text?: string; choice?: CloudSimChoice; name?: string },
): Promise<{ id: string }> {
  const { phoneNumberId, phone, ...body } = input;
  return apiRequest<{ id: string }>(`${chatPath(phoneNumberId, phone)}/messages`, {
    method: 'POST',
    body,
  });
}

/** POST …/chats/{phone}/business-app — the owner types in the WhatsApp Business app. */
export function sendCloudSimBusinessApp(input: ChatTarget & { text: string }) {
  const { phoneNumberId, phone, text } = input;
  return apiRequest<{ id: string }>(`${chatPath(phoneNumberId, phone)}/business-app`, {
    method: 'POST',
    body: { text },
  });
}

function useChatMutation<I extends ChatTarget>(send: (input: I) => Promise<{ id: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_answer, { phoneNumberId, phone }) =>
      queryClient.invalidateQueries({ queryKey: cloudSimChatQueryKey(phoneNumberId, phone) }),
  });
}

export function useSendCloudSimMessageMutation() {
  return useChatMutation(sendCloudSimMessage);
}

export function useSendCloudSimBusinessAppMutation() {
  return useChatMutation(sendCloudSimBusinessApp);
}
