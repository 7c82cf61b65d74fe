import type { ConnectWhatsappCloudInput } from '@common/schemas/whatsapp';
import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useSimulateCloudSignupMutation } from '@/features/whatsapp/api/simulate-cloud-signup';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface CloudSimulatorDialogProps {
  agentId: number;
  /** open for a number on the Business app (true) or a new one (false); closed when null */
  coexistence: boolean | null;
  onClose: () => void;
  /** posts what the simulated popup told to the connect route; true once connected */
  onSigned: (body: ConnectWhatsappCloudInput) => Promise<boolean>;
}

/**
 * With no Meta app configured the simulator plays Meta's Embedded Signup popup: 'Concluir' asks
 * it for a code, which then goes to the connect route exactly as Meta's would.
 */
export function CloudSimulatorDialog(props: CloudSimulatorDialogProps) {
  const { coexistence, onClose } = props;
  return (
    <Dialog open={coexistence !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {coexistence === null ? null : <SimulatorContent {...props} coexistence={coexistence} />}
    </Dialog>
  );
}

function SimulatorContent({
  agentId,
  coexistence,
  onClose,
  onSigned,
}: CloudSimulatorDialogProps & { coexistence: boolean }) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const [importHistory, setImportHistory] = useState(true);
  const [connecting, setConnecting] = useState(false);
  const simulate = useSimulateCloudSignupMutation();
  const busy = simulate.isPending || connecting;

  const finish = async () => {
    let signed;
    try {
      signed = await simulate.mutateAsync({ agentId, coexistence });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('cloud.toasts.connectFailed'),
        description: errorMessage(error, t('cloud.toasts.connectFailedFallback')),
      });
      return;
    }
    const onApp = signed.event === 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING';
    setConnecting(true);
    const connected = await onSigned({
      code: signed.code,
      wabaId: signed.wabaId,
      ...(signed.phoneNumberId ? { phoneNumberId: signed.phoneNumberId } : {}),
      coexistence: onApp,
      ...(onApp ? { importHistory } : {}),
    });
    setConnecting(false);
    if (connected) onClose();
  };

  return (
    <DialogContent data-testid="cloud-simulator-dialog">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <FlaskConical aria-hidden="true" className="size-5" />
          {t('cloud.simulator.title')}
        </DialogTitle>
        <DialogDescription>{t('cloud.simulator.description')}</DialogDescription>
      </DialogHeader>
      <p className="text-sm">
        {coexistence ? t('cloud.simulator.coexistence') : t('cloud.simulator.newNumber')}
      </p>
      {coexistence ? (
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            checked={importHistory}
            onCheckedChange={(checked) => setImportHistory(checked === true)}
          />
          <Label htmlFor={id}>{t('cloud.simulator.importHistory')}</Label>
        </div>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {t('cloud.simulator.cancel')}
        </Button>
        <Button type="button" onClick={() => void finish()} disabled={busy}>
          {busy ? t('cloud.simulator.finishing') : t('cloud.simulator.finish')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
