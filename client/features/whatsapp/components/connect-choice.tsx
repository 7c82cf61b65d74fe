import type { WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CloudOfferCard } from '@/features/whatsapp/components/cloud-offer-card';
import { EditorCreateForm } from '@/features/whatsapp/components/editor-create-form';
import { SimulatorLink } from '@/features/whatsapp/components/simulator-link';

interface ConnectChoiceProps {
  agentId: number;
  offer: WhatsappCloudOffer;
  /** the simulator plays the QR code's gateway */
  qrSimulator: boolean;
  onQrCreated: () => void;
}

/** No number yet: the official way (recommended) beside the QR code, stacked on a phone. */
export function ConnectChoice({ agentId, offer, qrSimulator, onQrCreated }: ConnectChoiceProps) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('cloud.choiceIntro')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <CloudOfferCard agentId={agentId} offer={offer} />
        <section
          className="grid content-start gap-4 rounded-lg border p-4"
          aria-labelledby={`qr-choice-${agentId}`}
          data-testid="qr-choice-card"
        >
          <h3 id={`qr-choice-${agentId}`} className="flex items-center gap-2 font-semibold">
            <QrCode aria-hidden="true" className="size-5" />
            {t('cloud.qr.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('cloud.qr.description')}</p>
          <EditorCreateForm agentId={agentId} onCreated={onQrCreated} />
          {qrSimulator ? <SimulatorLink /> : null}
        </section>
      </div>
    </div>
  );
}
