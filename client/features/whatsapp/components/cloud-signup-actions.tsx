import type { WhatsappCloudOffer } from '@common/schemas/whatsapp';
import { RefreshCw, Smartphone, SmartphoneNfc } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CloudSimulatorDialog } from '@/features/whatsapp/components/cloud-simulator-dialog';
import { useCloudConnect } from '@/features/whatsapp/hooks/use-cloud-connect';
import { useEmbeddedSignup } from '@/features/whatsapp/hooks/use-embedded-signup';
import { toast } from '@/hooks/use-toast';

interface CloudSignupActionsProps {
  agentId: number;
  offer: WhatsappCloudOffer;
  /** one 'Reconectar' button that signs the number up again the way it was connected */
  reconnect?: { coexistence: boolean };
}

/**
 * The Embedded Signup's buttons: Meta's popup, or the simulator's dialog while the simulator
 * plays Meta. Either way what it tells is posted to the connect route.
 */
export function CloudSignupActions({ agentId, offer, reconnect }: CloudSignupActionsProps) {
  const { t } = useTranslation('whatsapp');
  const { connect, pending } = useCloudConnect(agentId);
  const [simulating, setSimulating] = useState<boolean | null>(null);
  const signup = useEmbeddedSignup(offer.simulator ? null : offer.signup, (outcome) => {
    if (outcome.kind === 'cancel') {
      toast({
        title: t('cloud.toasts.cancelled'),
        description: t('cloud.toasts.cancelledDescription'),
      });
    } else {
      void connect(outcome.body);
    }
  });

  if (!offer.simulator && !offer.signup) {
    return <p className="text-sm text-muted-foreground">{t('cloud.official.unavailable')}</p>;
  }
  const ready = offer.simulator || signup.ready;
  const busy = !ready || pending || signup.waiting;
  const start = (coexistence: boolean) =>
    offer.simulator ? setSimulating(coexistence) : signup.start(coexistence);
  const progress = signup.loadFailed
    ? null
    : !ready
      ? t('cloud.official.loading')
      : signup.waiting
        ? t('cloud.official.waiting')
        : pending
          ? t('cloud.official.connecting')
          : null;

  return (
    <div className="grid gap-3">
      {reconnect ? (
        <Button
          type="button"
          className="justify-self-start"
          onClick={() => start(reconnect.coexistence)}
          disabled={busy}
        >
          <RefreshCw aria-hidden="true" />
          {t('cloud.number.reconnect')}
        </Button>
      ) : (
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Button
              type="button"
              className="justify-self-start"
              onClick={() => start(false)}
              disabled={busy}
            >
              <SmartphoneNfc aria-hidden="true" />
              {t('cloud.official.connectNew')}
            </Button>
            <p className="text-xs text-muted-foreground">{t('cloud.official.connectNewHint')}</p>
          </div>
          <div className="grid gap-1">
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() => start(true)}
              disabled={busy}
            >
              <Smartphone aria-hidden="true" />
              {t('cloud.official.coexistence')}
            </Button>
            <p className="text-xs text-muted-foreground">{t('cloud.official.coexistenceHint')}</p>
          </div>
        </div>
      )}
      {signup.loadFailed ? (
        <p className="text-sm text-destructive" role="alert">
          {t('cloud.official.loadFailed')}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground" role="status">
        {progress}
      </p>
      {offer.simulator ? (
        <CloudSimulatorDialog
          agentId={agentId}
          coexistence={simulating}
          onClose={() => setSimulating(null)}
          onSigned={(body) => connect(body)}
        />
      ) : null}
    </div>
  );
}
