import type { ConversationSummary } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatClock, isBotPaused } from '@/features/conversations/lib/display';

/** Whether the bot answers this contact, or is quiet until a moment (human takeover). */
export function BotStatusBadge({ conversation }: { conversation: ConversationSummary }) {
  const { t, i18n } = useTranslation('whatsapp');
  const until = conversation.botPausedUntil;
  const paused = isBotPaused(until);
  return paused ? (
    <Badge
      data-testid="bot-status"
      data-paused="true"
      className="border-transparent bg-yellow-100 text-yellow-800"
    >
      {t('conversations.botPaused', { time: until ? formatClock(until, i18n.language) : '' })}
    </Badge>
  ) : (
    <Badge
      data-testid="bot-status"
      data-paused="false"
      className="border-transparent bg-green-100 text-green-800"
    >
      {t('conversations.botActive')}
    </Badge>
  );
}
