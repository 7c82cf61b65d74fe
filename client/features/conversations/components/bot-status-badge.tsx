import type { ConversationSummary } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { botState, formatClock } from '@/features/conversations/lib/display';

/**
 * Whether the bot answers this contact, as the inbox shows it: a person must answer (handed
 * over), quiet until a moment (human takeover), or active.
 */
export function BotStatusBadge({ conversation }: { conversation: ConversationSummary }) {
  const { t, i18n } = useTranslation('whatsapp');
  const state = botState(conversation);
  const until = conversation.botPausedUntil;
  if (state === 'person') {
    return (
      <Badge
        data-testid="bot-status"
        data-paused="true"
        data-state="person"
        className="border-transparent bg-red-100 text-red-800"
      >
        {t('conversations.botPerson')}
      </Badge>
    );
  }
  return state === 'paused' ? (
    <Badge
      data-testid="bot-status"
      data-paused="true"
      data-state="paused"
      className="border-transparent bg-yellow-100 text-yellow-800"
    >
      {t('conversations.botPaused', { time: until ? formatClock(until, i18n.language) : '' })}
    </Badge>
  ) : (
    <Badge
      data-testid="bot-status"
      data-paused="false"
      data-state="active"
      className="border-transparent bg-green-100 text-green-800"
    >
      {t('conversations.botActive')}
    </Badge>
  );
}
