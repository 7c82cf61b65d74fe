import type { EvolutionInstanceView } from '@common/schemas/whatsapp';
import { Activity, Copy, Settings, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LastActivity } from '@/features/evolution-instances/components/last-activity';
import { RegistryStatusBadge } from '@/features/evolution-instances/components/registry-status-badge';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';

interface InstanceCardProps {
  instance: EvolutionInstanceView;
  onConfigure: () => void;
  onMonitor: () => void;
  onDelete: () => void;
  deleting: boolean;
}

/** One gateway instance: its details, webhook state, QR code and Configure, Monitor, Delete. */
export function InstanceCard({
  instance,
  onConfigure,
  onMonitor,
  onDelete,
  deleting,
}: InstanceCardProps) {
  const { t } = useTranslation('evolution');
  const copyUrl = async () => {
    try {
      await copyText(instance.url);
      toast({ title: t('toasts.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('toasts.copyFailed') });
    }
  };
  return (
    <Card data-testid="evolution-instance-card" data-instance={instance.instanceId}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-start justify-between gap-2 text-base">
          <span className="min-w-0">
            <span className="block truncate">{instance.name}</span>
            <span className="block truncate font-mono text-xs font-normal text-muted-foreground">
              {instance.instanceId}
            </span>
          </span>
          <RegistryStatusBadge status={instance.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-mono text-xs" title={instance.url}>
            {instance.url}
          </span>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={t('card.copyUrl')}
            onClick={() => void copyUrl()}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        <dl className="grid grid-cols-2 gap-2">
          <dt className="text-muted-foreground">{t('card.phone')}</dt>
          <dd>{instance.phoneNumber || '—'}</dd>
          <dt className="text-muted-foreground">{t('card.agent')}</dt>
          <dd className="truncate">{instance.connectedAgentName ?? t('card.noAgent')}</dd>
          <dt className="text-muted-foreground">{t('card.webhook')}</dt>
          <dd data-testid="webhook-state">
            {instance.webhookUrl ? t('card.webhookConnected') : t('card.webhookPending')}
          </dd>
          <dt className="text-muted-foreground">{t('card.lastActivity')}</dt>
          <dd>
            <LastActivity at={instance.lastActivity} />
          </dd>
        </dl>
        {instance.qrCode ? (
          <img
            src={instance.qrCode}
            alt={t('card.qrAlt')}
            className="mx-auto size-40 rounded border bg-white p-1"
          />
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onConfigure}>
          <Settings aria-hidden="true" />
          {t('card.configure')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onMonitor}>
          <Activity aria-hidden="true" />
          {t('card.monitor')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="destructive"
          onClick={onDelete}
          disabled={deleting}
        >
          <Trash2 aria-hidden="true" />
          {t('card.delete')}
        </Button>
      </CardFooter>
    </Card>
  );
}
