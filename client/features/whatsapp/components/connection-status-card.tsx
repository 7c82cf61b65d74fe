import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QualityMeter } from '@/features/whatsapp/components/quality-meter';
import { WhatsappStatusBadge } from '@/features/whatsapp/components/whatsapp-status-badge';
import { formatDateTime, formatPhone } from '@/features/whatsapp/lib/format';

/** Status, numbers and the quality meter of the agent's instance. */
export function ConnectionStatusCard({ view }: { view: WhatsappInstanceView }) {
  const { t, i18n } = useTranslation('whatsapp');
  return (
    <Card data-testid="whatsapp-connection-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2 text-base">
          <span className="flex items-center gap-2">
            <Smartphone aria-hidden="true" className="size-5" />
            {t('panel.connectionTitle')}
          </span>
          <WhatsappStatusBadge status={view.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label={t('panel.instanceName')} value={view.instanceName ?? '—'} mono />
          <Item label={t('panel.phone')} value={formatPhone(view.phoneNumber) || '—'} />
          {view.connectedNumber ? (
            <Item label={t('panel.connectedNumber')} value={formatPhone(view.connectedNumber)} />
          ) : null}
          {view.updatedAt ? (
            <Item
              label={t('panel.updatedAt')}
              value={formatDateTime(view.updatedAt, i18n.language)}
            />
          ) : null}
        </dl>
        <QualityMeter status={view.status} />
      </CardContent>
    </Card>
  );
}

function Item({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={mono ? 'mt-0.5 truncate font-mono text-xs' : 'mt-0.5 break-words'}>{value}</dd>
    </div>
  );
}
