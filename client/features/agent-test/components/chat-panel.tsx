import { Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ChatComposer } from '@/features/agent-test/components/chat-composer';
import { ChatMessageBubble } from '@/features/agent-test/components/chat-message-bubble';
import type { ChatMessage } from '@/features/agent-test/lib/chat-message';

interface ChatPanelProps {
  messages: ChatMessage[];
  onSend: (message: string) => boolean;
  busy: boolean;
  streaming: boolean;
  toolbar: ReactNode;
}

/** The conversation with the agent under test, newest at the bottom. */
export function ChatPanel({ messages, onSend, busy, streaming, toolbar }: ChatPanelProps) {
  const { t } = useTranslation('console');
  const log = useRef<HTMLDivElement>(null);
  const offline = messages.some((m) => m.offline);
  const last = messages.at(-1);

  // Follow the conversation as turns arrive and as the streamed reply grows.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length, last?.content]);

  return (
    // Neither a minimum height nor the grid row's stretch (the voice and image cards beside it are
    // taller): an empty log must not push the message box below the fold at 1366×850.
    <Card className="flex flex-col self-start">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 border-b py-4 max-sm:px-4">
        <CardTitle>{t('testing.chat.title')}</CardTitle>
        <div className="flex flex-wrap gap-2">{toolbar}</div>
      </CardHeader>
      {offline ? (
        <p
          data-testid="offline-note"
          className="flex items-start gap-2 border-b bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('testing.chat.offlineNote')}
        </p>
      ) : null}
      <div
        ref={log}
        role="log"
        aria-label={t('testing.chat.logLabel')}
        aria-busy={streaming}
        className="max-h-[32rem] min-h-40 flex-1 overflow-y-auto p-4"
      >
        <ol className="flex flex-col gap-4">
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message} />
          ))}
        </ol>
      </div>
      <ChatComposer onSend={onSend} busy={busy} />
    </Card>
  );
}
