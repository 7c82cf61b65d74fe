import type { ConversationSummary } from '@common/schemas/whatsapp';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BotStatusBadge } from '@/features/conversations/components/bot-status-badge';
import { contactNumber, formatClock } from '@/features/conversations/lib/display';

/** One contact: name and number, last message and when, bot status, failed turns marked. */
export function ConversationRow({
  conversation,
  onOpen,
}: {
  conversation: ConversationSummary;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation('whatsapp');
  const number = contactNumber(conversation.contactId);
  const name = conversation.contactName || t('conversations.unknownContact');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="conversation-row">
      {/* At least 12rem for the contact: on a phone the status and the button wrap below it. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{name}</span>
          <span className="text-xs text-muted-foreground">{number}</span>
        </p>
        {conversation.lastMessage ? (
          <p className="truncate text-sm text-muted-foreground" data-testid="conversation-last">
            {conversation.lastMessage}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {conversation.failedCount > 0 ? (
          <Badge
            data-testid="conversation-failed"
            className="border-transparent bg-red-100 text-red-800"
          >
            <CircleAlert aria-hidden="true" className="size-3" />
            {t('conversations.failed', { count: conversation.failedCount })}
          </Badge>
        ) : null}
        <BotStatusBadge conversation={conversation} />
        {conversation.lastMessageAt ? (
          <time dateTime={conversation.lastMessageAt} className="text-xs text-muted-foreground">
            {formatClock(conversation.lastMessageAt, i18n.language)}
          </time>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={onOpen}>
          {t('conversations.open')}
        </Button>
      </div>
    </li>
  );
}
