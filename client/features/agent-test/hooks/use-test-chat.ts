import type { Agent } from '@common/schemas/agent';
import { testMessageSchema, type TestReply } from '@common/schemas/test-chat';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearTestConversation } from '@/features/agent-test/api/clear-test-conversation';
import {
  agentTestMutationKey,
  useStreamTestMutation,
} from '@/features/agent-test/api/stream-test-message';
import { newMessage, replyMessage, type ChatMessage } from '@/features/agent-test/lib/chat-message';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The test chat with one agent: greeting, streamed replies, and voice or image turns appended by
 * the other cards. A chat on screen always matches the agent's memory on the server: opening the
 * chat and clearing it both reset that memory.
 */
export function useTestChat(agent: Pick<Agent, 'id' | 'name'>) {
  const { t } = useTranslation('console');
  const greeting = () => newMessage('assistant', t('testing.chat.greeting', { name: agent.name }));
  const [messages, setMessages] = useState<ChatMessage[]>(() => [greeting()]);
  const reset = useRef<Promise<unknown>>(Promise.resolve());
  const abort = useRef<AbortController | null>(null);
  const stream = useStreamTestMutation(agent.id, () => reset.current);
  const busy = useIsMutating({ mutationKey: agentTestMutationKey(agent.id) }) > 0;

  useEffect(() => {
    reset.current = clearTestConversation(agent.id).catch(() => undefined);
    return () => abort.current?.abort();
  }, [agent.id]);

  const update = (id: string, change: (m: ChatMessage) => ChatMessage) =>
    setMessages((list) => list.map((m) => (m.id === id ? change(m) : m)));

  /** Sends a text turn; a blank message, or one while another turn runs, is not sent. */
  function send(text: string): boolean {
    const parsed = testMessageSchema.safeParse({ message: text });
    if (!parsed.success || busy || stream.isPending) return false;
    const { message } = parsed.data;
    const pending = newMessage('assistant', '', { streaming: true });
    setMessages((list) => [...list, newMessage('user', message), pending]);
    const controller = new AbortController();
    abort.current = controller;
    stream.mutate(
      {
        agentId: agent.id,
        message,
        signal: controller.signal,
        onDelta: (delta) => update(pending.id, (m) => ({ ...m, content: m.content + delta })),
      },
      {
        onSuccess: (reply) =>
          update(pending.id, (m) => ({ ...replyMessage(reply), id: m.id, timestamp: m.timestamp })),
        onError: (error) => {
          setMessages((list) => list.filter((m) => m.id !== pending.id));
          if (isAbort(error)) return;
          toast({
            variant: 'destructive',
            title: t('testing.chat.failedTitle'),
            description: errorMessage(error, t('testing.chat.failedFallback')),
          });
        },
      },
    );
    return true;
  }

  /** A voice or image turn answered by the other cards. */
  function appendExchange(user: ChatMessage, reply: TestReply) {
    setMessages((list) => [...list, user, replyMessage(reply)]);
  }

  function clear() {
    abort.current?.abort();
    setMessages([greeting()]);
    reset.current = clearTestConversation(agent.id).catch((error: unknown) => {
      toast({
        variant: 'destructive',
        title: t('testing.chat.clearFailedTitle'),
        description: errorMessage(error, t('testing.chat.failedFallback')),
      });
    });
  }

  return { messages, send, appendExchange, clear, busy, streaming: stream.isPending };
}
