import { Bot, ImageIcon, Mic, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CitationList } from '@/features/agent-test/components/citation-list';
import { VoiceReplyPlayer } from '@/features/agent-test/components/voice-reply-player';
import type { ChatMessage } from '@/features/agent-test/lib/chat-message';
import { cn } from '@/lib/utils';
import { useOwnerTimeZone } from '@/lib/owner-time-zone';

/** One turn of the test chat; assistant turns carry the Offline label and their sources. */
export function ChatMessageBubble({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation('console');
  const { t: tn } = useTranslation('notifications');
  const timeZone = useOwnerTimeZone();
  const mine = message.role === 'user';
  const Icon = mine
    ? message.kind === 'voice'
      ? Mic
      : message.kind === 'image'
        ? ImageIcon
        : User
    : Bot;
  const time = new Date(message.timestamp).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  return (
    <li
      data-testid="chat-message"
      data-role={message.role}
      className={cn('flex gap-2', mine ? 'flex-row-reverse' : 'flex-row')}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-brand-lime text-brand-navy' : 'bg-brand-navy text-white',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className={cn('flex max-w-[85%] min-w-0 flex-col gap-1', mine && 'items-end')}>
        <div
          data-testid="chat-message-text"
          className={cn(
            'rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap',
            mine ? 'rounded-tr-sm bg-brand-navy text-white' : 'rounded-tl-sm border bg-background',
          )}
        >
          <span className="sr-only">
            {mine ? t('testing.chat.you') : t('testing.chat.assistant')}:{' '}
          </span>
          {message.content || (message.streaming ? <TypingDots /> : null)}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={message.timestamp}>{time}</time>
          {message.offline ? (
            <Badge
              variant="outline"
              data-testid="offline-badge"
              title={t('testing.chat.offlineHint')}
            >
              {t('testing.chat.offlineBadge')}
            </Badge>
          ) : null}
        </div>
        {message.handoff ? (
          <p
            data-testid="handoff-note"
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900"
          >
            {tn('console.handoff')}
          </p>
        ) : null}
        {message.audio ? <VoiceReplyPlayer audio={message.audio} /> : null}
        {message.citations && message.citations.length > 0 ? (
          <CitationList citations={message.citations} />
        ) : null}
      </div>
    </li>
  );
}

function TypingDots() {
  const { t } = useTranslation('console');
  return (
    <span className="inline-flex items-center gap-1" role="status">
      <span className="sr-only">{t('testing.chat.typing')}</span>
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          aria-hidden="true"
          className="size-1.5 animate-bounce rounded-full bg-muted-foreground"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}
