import type { ApiErrorBody } from '@common/api-error';
import type { TestReply } from '@common/schemas/test-chat';
import { useMutation } from '@tanstack/react-query';
import { createSseParser } from '@/features/agent-test/lib/parse-sse';
import { ApiError, toApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export interface StreamTestInput {
  agentId: number;
  message: string;
  /** called with each piece of text as the agent writes it */
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/** The stream ended without `done` or `error` (connection dropped mid-answer). */
export class StreamInterruptedError extends Error {
  constructor() {
    super('stream interrupted');
    this.name = 'StreamInterruptedError';
  }
}

/**
 * POST /api/agents/{id}/test/stream: Server-Sent Events `delta` {text}, then `done` (the full
 * reply) or `error` ({message, code}). Failures before the stream starts are JSON errors.
 */
export async function streamTestMessage(input: StreamTestInput): Promise<TestReply> {
  const { agentId, message, onDelta, signal } = input;
  const response = await fetch(`/api/agents/${agentId}/test/stream`, {
    method: 'POST',
    headers: {
      Accept: 'text/event-stream',
      'Accept-Language': currentLanguage(),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ message }),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw new StreamInterruptedError();

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const event of parse(value)) {
      if (event.event === 'delta') {
        onDelta((JSON.parse(event.data) as { text: string }).text);
      } else if (event.event === 'done') {
        await reader.cancel();
        return JSON.parse(event.data) as TestReply;
      } else if (event.event === 'error') {
        const body = JSON.parse(event.data) as ApiErrorBody;
        throw new ApiError(response.status, body.message, body);
      }
    }
  }
  throw new StreamInterruptedError();
}

/** Test calls of one agent share a key, so the console can tell when any of them is running. */
export const agentTestMutationKey = (agentId: number) => ['agent-test', agentId] as const;

/** `waitFor` lets a pending reset of the conversation land before the next turn starts. */
export function useStreamTestMutation(agentId: number, waitFor?: () => Promise<unknown>) {
  return useMutation({
    mutationKey: agentTestMutationKey(agentId),
    mutationFn: async (input: StreamTestInput) => {
      await waitFor?.();
      return streamTestMessage(input);
    },
  });
}
