import type { EvolutionInstanceView, WhatsappEventView } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEvolutionMonitorQuery } from '@/features/evolution-instances/api/get-evolution-monitor';
import { LastActivity } from '@/features/evolution-instances/components/last-activity';

/** Monitor: the live state read from that gateway, refreshed while open, and recent events. */
export function MonitorDialog({
  instance,
  onClose,
}: {
  instance: EvolutionInstanceView;
  onClose: () => void;
}) {
  const { t } = useTranslation('evolution');
  const monitor = useEvolutionMonitorQuery(instance.id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
        data-testid="evolution-monitor"
      >
        <DialogHeader>
          <DialogTitle>{t('monitor.title', { name: instance.name })}</DialogTitle>
          <DialogDescription>{t('monitor.description')}</DialogDescription>
        </DialogHeader>
        {monitor.isPending ? (
          <Spinner label={t('monitor.loading')} />
        ) : monitor.isError ? (
          <ErrorAlert title={t('monitor.loadError')} message={monitor.error.message} />
        ) : (
          <div className="grid gap-4 text-sm">
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground">{t('monitor.state')}</span>
              <Badge variant="outline" data-testid="monitor-state">
                {monitor.data.state ?? t('monitor.unreachable')}
              </Badge>
            </div>
            {monitor.data.error ? <ErrorAlert message={monitor.data.error} /> : null}
            <div className="grid gap-2">
              <h3 className="font-medium">{t('monitor.events')}</h3>
              {monitor.data.events.length === 0 ? (
                <p className="text-muted-foreground">{t('monitor.noEvents')}</p>
              ) : (
                <ul className="grid gap-1">
                  {monitor.data.events.map((event) => (
                    <EventRow key={event.id} event={event} />
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EventRow({ event }: { event: WhatsappEventView }) {
  const { t } = useTranslation('evolution');
  const state = event.detail && typeof event.detail.state === 'string' ? event.detail.state : null;
  return (
    <li className="flex items-center justify-between gap-2 rounded bg-muted/60 px-2 py-1">
      <span>
        {t(`eventTypes.${event.type}`)}
        {state ? <span className="text-muted-foreground"> · {state}</span> : null}
      </span>
      <span className="text-xs text-muted-foreground">
        <LastActivity at={event.createdAt} />
      </span>
    </li>
  );
}
