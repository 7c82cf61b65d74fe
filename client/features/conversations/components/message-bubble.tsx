import type { ConversationMessageView } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { formatClock } from '@/features/conversations/lib/display';
import { cn } from '@/lib/utils';

const SIDE = {
  user: 'justify-self-start bg-muted',
  assistant: 'justify-self-end bg-brand-navy text-white',
  human: 'justify-self-end bg-green-100 text-green-950',
} as const;

/** One message: who sent it, its text (or kind), when, and why it failed when it did. */
export function MessageBubble({ message }: { message: ConversationMessageView }) {
  const { t, i18n } = useTranslation('whatsapp');
  const failed = message.status === 'failed';
  return (
    <li
      className={cn(
        'grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm',
        SIDE[message.role],
        failed && 'ring-2 ring-red-400',
      )}
      data-testid="transcript-message"
      data-role={message.role}
      data-status={message.status}
    >
      <span className="text-xs font-semibold opacity-80">
        {t(`conversations.roles.${message.role}`)}
      </span>
      {message.kind !== 'text' ? (
        <span className="text-xs italic opacity-80">
          {t(`conversations.kinds.${message.kind}`)}
        </span>
      ) : null}
      {message.content ? (
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
      ) : null}
      <span className="flex flex-wrap gap-2 text-xs opacity-70">
        <time dateTime={message.createdAt}>{formatClock(message.createdAt, i18n.language)}</time>
        {message.status !== 'done' ? (
          <span>{t(`conversations.messageStatus.${message.status}`)}</span>
        ) : null}
      </span>
      {failed && message.error ? (
        <p className="text-xs font-medium text-red-700" data-testid="message-error">
          {t('conversations.errorLabel', { error: message.error })}
        </p>
      ) : null}
    </li>
  );
}
