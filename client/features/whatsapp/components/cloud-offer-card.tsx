import type { WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CloudManualForm } from '@/features/whatsapp/components/cloud-manual-form';
import { CloudPlanGate } from '@/features/whatsapp/components/cloud-plan-gate';
import { CloudSignupActions } from '@/features/whatsapp/components/cloud-signup-actions';

/**
 * The official way, offered beside the QR code: what it is in plain words, then the plan it
 * needs, or the signup buttons and the manual set-up.
 */
export function CloudOfferCard({ agentId, offer }: { agentId: number; offer: WhatsappCloudOffer }) {
  const { t } = useTranslation('whatsapp');
  return (
    <section
      className="grid content-start gap-4 rounded-lg border border-green-200 p-4"
      aria-labelledby={`cloud-offer-${agentId}`}
      data-testid="cloud-offer-card"
    >
      <h3 id={`cloud-offer-${agentId}`} className="flex items-center gap-2 font-semibold">
        <BadgeCheck aria-hidden="true" className="size-5 text-green-700" />
        {t('cloud.official.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('cloud.official.description')}</p>
      {offer.allowed ? (
        <>
          <CloudSignupActions agentId={agentId} offer={offer} />
          <CloudManualForm agentId={agentId} />
        </>
      ) : (
        <CloudPlanGate />
      )}
    </section>
  );
}
