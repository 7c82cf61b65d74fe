import type { InboxMessage } from '@common/schemas/inbox';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatWhen } from '@/features/inbox/lib/display';
import { kindKey } from '@/features/inbox/components/inbox-row';
import { cn } from '@/lib/utils';

const SIDE = {
  customer: 'justify-self-start bg-muted',
  agent: 'justify-self-end bg-brand-navy text-white',
  person: 'justify-self-end bg-green-100 text-green-950',
} as const;

interface BubbleProps {
  message: InboxMessage;
  /** a person's failed message: sends it again ("Tentar novamente") */
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}

/**
 * One message: who wrote it, its media and text, its sources, when, and how it went. A person's
 * message being sent says so; a failed one offers to send it again.
 */
export function InboxMessageBubble({ message, onRetry, retrying = false }: BubbleProps) {
  const { t, i18n } = useTranslation('inbox');
  const failed = message.status === 'failed';
  const person = message.author === 'person';
  const status = message.status;
  const statusText =
    status === 'done'
      ? null
      : person && status === 'pending'
        ? t('composer.sending')
        : t(`messageStatus.${status}`);
  return (
    <li
      className={cn(
        'grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm',
        SIDE[message.author],
        failed && 'ring-2 ring-red-400',
      )}
      data-testid="inbox-message"
      data-author={message.author}
      data-status={message.status}
    >
      <span className="text-xs font-semibold opacity-80">
        {t(`authors.${message.author}`)}
        {message.origin ? (
          <span className="font-normal" data-testid="inbox-message-origin">
            {t('view.originSeparator')}
            {t(`origins.${message.origin}`)}
          </span>
        ) : null}
      </span>
      <Media message={message} />
      {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
      {message.transcription ? (
        <p className="text-xs italic opacity-80">
          {t('view.transcription', { text: message.transcription })}
        </p>
      ) : null}
      {message.citations.length > 0 ? (
        <details className="text-xs opacity-90">
          <summary className="cursor-pointer">{t('view.sources')}</summary>
          <ul className="mt-1 grid gap-1">
            {message.citations.map((citation, index) => (
              <li key={index}>
                <span className="font-semibold">{citation.source}</span>: {citation.excerpt}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <span className="flex flex-wrap gap-2 text-xs opacity-70">
        <time dateTime={message.createdAt}>{formatWhen(message.createdAt, i18n.language)}</time>
        {statusText ? <span data-testid="inbox-message-status">{statusText}</span> : null}
        {message.delivery ? (
          <span data-testid="inbox-delivery">{t(`delivery.${message.delivery}`)}</span>
        ) : null}
      </span>
      {failed && message.error ? (
        <p className="text-xs font-medium text-red-700">
          {t('view.errorLabel', { error: message.error })}
        </p>
      ) : null}
      {failed && person && onRetry ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start bg-white text-foreground"
          disabled={retrying}
          onClick={onRetry}
        >
          <RotateCcw aria-hidden="true" />
          {t('composer.retry')}
        </Button>
      ) : null}
    </li>
  );
}

function Media({ message }: { message: InboxMessage }) {
  const { t } = useTranslation('inbox');
  if (message.kind === 'text') return null;
  const label = t(`kinds.${kindKey(message.kind)}`);
  if (message.mediaUrl && message.kind === 'audio') {
    return <audio controls preload="none" src={message.mediaUrl} aria-label={label} />;
  }
  if (message.mediaUrl && message.kind === 'image') {
    return (
      <img src={message.mediaUrl} alt={message.text || label} className="max-h-64 rounded-md" />
    );
  }
  if (message.mediaUrl) {
    return (
      <a href={message.mediaUrl} className="underline" download={message.fileName ?? true}>
        {message.fileName ?? label}
      </a>
    );
  }
  return <span className="text-xs italic opacity-80">{label}</span>;
}
