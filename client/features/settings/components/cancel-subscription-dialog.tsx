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
import { useCancelSubscriptionMutation } from '@/features/settings/api/cancel-subscription';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

/** Cancellation is irreversible at the provider, so it is confirmed first. */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  inTrial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inTrial: boolean;
}) {
  const { t } = useTranslation('billing');
  const mutation = useCancelSubscriptionMutation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="cancel-subscription-dialog">
        <DialogHeader>
          <DialogTitle>{t('settings.cancelTitle')}</DialogTitle>
          <DialogDescription>{t('settings.cancelText')}</DialogDescription>
        </DialogHeader>
        {inTrial ? <p className="text-sm font-medium">{t('settings.cancelTrialText')}</p> : null}
        {mutation.isError ? (
          <ErrorAlert message={errorMessage(mutation.error, t('settings.cancelError'))} />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('settings.cancelKeep')}
          </Button>
          <Button
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() =>
              mutation.mutate(undefined, {
                onSuccess: () => {
                  onOpenChange(false);
                  toast({
                    title: t('settings.cancelled'),
                    description: t('settings.cancelledText'),
                  });
                },
              })
            }
          >
            {mutation.isPending ? t('settings.cancelling') : t('settings.cancelConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
