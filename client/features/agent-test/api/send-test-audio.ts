import type { TestReply } from '@common/schemas/test-chat';
import { useMutation } from '@tanstack/react-query';
import { agentTestMutationKey } from '@/features/agent-test/api/stream-test-message';
import { apiRequest } from '@/lib/api-client';

export interface SendTestAudioInput {
  agentId: number;
  audio: Blob;
  voiceResponse: boolean;
}

/** POST /api/agents/{id}/multimedia/audio: transcription, the agent's reply, optional speech. */
export function sendTestAudio({ agentId, audio, voiceResponse }: SendTestAudioInput) {
  const form = new FormData();
  form.append('audio', new File([audio], 'gravacao.webm', { type: 'audio/webm' }));
  form.append('voice_response', String(voiceResponse));
  return apiRequest<TestReply>(`/api/agents/${agentId}/multimedia/audio`, {
    method: 'POST',
    body: form,
  });
}

export function useSendTestAudioMutation(agentId: number) {
  return useMutation({ mutationKey: agentTestMutationKey(agentId), mutationFn: sendTestAudio });
}
