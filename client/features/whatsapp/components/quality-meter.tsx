import type { WhatsappStatus } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { Progress } from '@/components/ui/progress';
import { QUALITY_PERCENT, qualityOf } from '@/features/whatsapp/lib/status';

/** Quality: CONNECTED excellent, PENDING/CREATED good, close/DISCONNECTED poor, else unknown. */
export function QualityMeter({ status }: { status: WhatsappStatus | null }) {
  const { t } = useTranslation('whatsapp');
  const quality = qualityOf(status);
  return (
    <div className="grid gap-1" data-testid="quality-meter" data-quality={quality}>
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">{t('panel.quality')}</span>
        <span className="font-medium">{t(`quality.${quality}`)}</span>
      </div>
      <Progress value={QUALITY_PERCENT[quality]} aria-label={t('panel.quality')} />
    </div>
  );
}
