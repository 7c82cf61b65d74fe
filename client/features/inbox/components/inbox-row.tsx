import type { InboxConversationItem } from '@common/schemas/inbox';
import { Globe, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { contactLabel, formatWhen } from '@/features/inbox/lib/display';
import { cn } from '@/lib/utils';

interface InboxRowProps {
  conversation: InboxConversationItem;
  selected: boolean;
  onOpen: () => void;
}

/** One conversation in the list: who, where, the last message, and what needs the owner. */
export function InboxRow({ conversation, selected, onOpen }: InboxRowProps) {
  const { t, i18n } = useTranslation('inbox');
  const { contact, lastMessage, unread } = conversation;
  const name =
    contactLabel(contact) ??
    (conversation.channel === 'webchat' ? t('list.visitor') : t('list.unknownContact'));
  const ChannelIcon = conversation.channel === 'whatsapp' ? MessageCircle : Globe;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        data-testid="inbox-row"
        data-conversation-id={conversation.id}
        className={cn(
          'grid w-full gap-1 px-3 py-3 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          selected && 'bg-muted',
        )}
      >
        <span className="flex items-center gap-2">
          <ChannelIcon
            aria-label={t(`list.channels.${conversation.channel}`)}
            className="size-4 shrink-0 text-muted-foreground"
          />
          <span className={cn('min-w-0 flex-1 truncate', unread > 0 && 'font-semibold')}>
            {name}
          </span>
          {lastMessage ? (
            <time dateTime={lastMessage.at} className="shrink-0 text-xs text-muted-foreground">
              {formatWhen(lastMessage.at, i18n.language)}
            </time>
          ) : null}
        </span>
        <span className="truncate text-sm text-muted-foreground" data-testid="inbox-row-last">
          {lastMessage
            ? lastMessage.text || t(`kinds.${kindKey(lastMessage.kind)}`)
            : t('list.noMessages')}
        </span>
        <span className="flex flex-wrap items-center gap-1 text-xs">
          <span className="text-muted-foreground">{conversation.agent.name}</span>
          {conversation.needsPerson ? (
            <Badge className="bg-amber-100 text-amber-950">{t('list.needsPerson')}</Badge>
          ) : null}
          {conversation.bot.state === 'paused' ? (
            <Badge variant="outline">
              {t('bot.paused', { time: formatWhen(conversation.bot.until, i18n.language) })}
            </Badge>
          ) : null}
          {conversation.failed > 0 ? (
            <Badge className="bg-red-100 text-red-900">
              {t('list.failed', { count: conversation.failed })}
            </Badge>
          ) : null}
          {unread > 0 ? (
            <Badge data-testid="inbox-unread">{t('list.unread', { count: unread })}</Badge>
          ) : null}
        </span>
      </button>
    </li>
  );
}

/** A message kind with a label of its own; anything else reads as unsupported. */
export function kindKey(kind: string): 'audio' | 'image' | 'file' | 'unsupported' {
  return kind === 'audio' || kind === 'image' || kind === 'file' ? kind : 'unsupported';
}
