import { KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useRotateWebchatKeyMutation } from '@/features/webchat/api/rotate-webchat-key';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface WebchatKeyRotationProps {
  agentId: number;
  agentKey: string;
}

/**
 * The agent's public key and the way to replace it. Replacing it breaks every installed snippet at
 * once (the owner's remedy when another site uses the widget), so it is confirmed first.
 */
export function WebchatKeyRotation({ agentId, agentKey }: WebchatKeyRotationProps) {
  const { t } = useTranslation('webchat');
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateWebchatKeyMutation(agentId);

  function onOpenChange(open: boolean) {
    if (!open) rotate.reset();
    setConfirming(open);
  }

  function confirm() {
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('key.rotatedToast'), description: t('key.rotatedDescription') });
      },
    });
  }

  return (
    <section
      aria-labelledby="webchat-key-title"
      className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div className="grid gap-1">
        <h3 id="webchat-key-title" className="flex items-center gap-2 font-medium">
          <KeyRound aria-hidden="true" className="size-4" />
          {t('key.title')}
        </h3>
        <p className="text-muted-foreground">{t('key.description')}</p>
        <code data-testid="webchat-agent-key" className="font-mono text-xs break-all">
          {agentKey}
        </code>
      </div>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden="true" />
        {t('key.rotate')}
      </Button>
      <Dialog open={confirming} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('key.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('key.confirmWarning')}</DialogDescription>
          </DialogHeader>
          <p className="text-sm">{t('key.confirmNext')}</p>
          {rotate.isError ? (
            <ErrorAlert message={errorMessage(rotate.error, t('key.rotateError'))} />
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('key.cancel')}
            </Button>
            <Button variant="destructive" disabled={rotate.isPending} onClick={confirm}>
              {rotate.isPending ? t('key.rotating') : t('key.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
