import type { WhatsappEventView } from '@common/schemas/whatsapp';
import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useWhatsappActivityQuery } from '@/features/whatsapp/api/get-whatsapp-activity';
import { formatLastActivity } from '@/features/whatsapp/lib/format';

/** The latest stored events of the instance: connections, messages, takeovers, failures. */
export function ActivityCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('whatsapp');
  const activity = useWhatsappActivityQuery(agentId);
  return (
    <Card data-testid="whatsapp-activity">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Activity aria-hidden="true" className="size-5" />
          {t('activity.title')}
        </CardTitle>
        <CardDescription>{t('activity.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : activity.isError ? (
          <p className="text-sm text-destructive">{t('activity.loadError')}</p>
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('activity.empty')}</p>
        ) : (
          <ul className="grid gap-2">
            {activity.data.map((event) => (
              <ActivityRow key={event.id} event={event} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const DOT: Record<WhatsappEventView['type'], string> = {
  connection: 'bg-blue-500',
  qr: 'bg-gray-400',
  message_in: 'bg-green-500',
  message_out: 'bg-brand-lime',
  takeover: 'bg-yellow-500',
  resume: 'bg-yellow-300',
  failed: 'bg-red-500',
};

const STATES = ['open', 'connecting', 'close', 'refused'] as const;
type KnownState = (typeof STATES)[number];

/** A readable word from the event's detail (state, contact or error), when the server gave one. */
function detailText(
  detail: WhatsappEventView['detail'],
  stateName: (state: KnownState) => string,
): string | null {
  if (!detail) return null;
  const state = detail.state;
  if (typeof state === 'string' && (STATES as readonly string[]).includes(state)) {
    return stateName(state as KnownState);
  }
  for (const field of ['state', 'status', 'contactName', 'contact', 'phone', 'error']) {
    const value = detail[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

function ActivityRow({ event }: { event: WhatsappEventView }) {
  const { t, i18n } = useTranslation('whatsapp');
  const detail = detailText(event.detail, (state) => t(`activity.states.${state}`));
  return (
    <li className="flex items-start gap-3 text-sm" data-event={event.type}>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[event.type]}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t(`activity.types.${event.type}`)}</p>
        {detail ? <p className="truncate text-muted-foreground">{detail}</p> : null}
      </div>
      <time dateTime={event.createdAt} className="shrink-0 text-xs text-muted-foreground">
        {formatLastActivity(event.createdAt, t, i18n.language)}
      </time>
    </li>
  );
}
