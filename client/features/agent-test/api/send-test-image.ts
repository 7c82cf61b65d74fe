import type { TestReply } from '@common/schemas/test-chat';
import { useMutation } from '@tanstack/react-query';
import { agentTestMutationKey } from '@/features/agent-test/api/stream-test-message';
import { apiRequest } from '@/lib/api-client';

export interface SendTestImageInput {
  agentId: number;
  image: File;
  voiceResponse: boolean;
  /** the question about the image; the server asks for a general analysis without one */
  message?: string;
}

/** POST /api/agents/{id}/multimedia/image: a vision turn, optional speech. */
export function sendTestImage({ agentId, image, voiceResponse, message }: SendTestImageInput) {
  const form = new FormData();
  form.append('image', image);
  form.append('voice_response', String(voiceResponse));
  if (message?.trim()) form.append('message', message.trim());
  return apiRequest<TestReply>(`/api/agents/${agentId}/multimedia/image`, {
    method: 'POST',
    body: form,
  });
}

export function useSendTestImageMutation(agentId: number) {
  return useMutation({ mutationKey: agentTestMutationKey(agentId), mutationFn: sendTestImage });
}
