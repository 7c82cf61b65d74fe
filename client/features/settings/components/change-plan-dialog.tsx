import { getPlan, type PlanId } from '@common/plans';
import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSalesDialog } from '@/components/contact-sales-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { PlanPicker } from '@/components/plan-picker';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useChangePlanMutation } from '@/features/settings/api/change-plan';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth/auth-provider';
import { errorMessage } from '@/lib/form-errors';

/** Upgrade or downgrade at any time: the same subscription with the new plan's monthly amount. */
export function ChangePlanDialog({
  open,
  onOpenChange,
  currentPlanId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentPlanId: PlanId;
}) {
  const { t } = useTranslation('billing');
  const { t: tu } = useTranslation();
  const { user } = useAuth();
  const [planId, setPlanId] = useState<PlanId>(currentPlanId);
  const [contactOpen, setContactOpen] = useState(false);
  const mutation = useChangePlanMutation();
  const plan = getPlan(planId);
  const planName = tu(`plans.${planId}.name`);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) mutation.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-5xl"
        data-testid="change-plan-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('settings.changeTitle')}</DialogTitle>
          <DialogDescription>{t('settings.changeDescription')}</DialogDescription>
        </DialogHeader>
        <PlanPicker value={planId} onChange={setPlanId} className="xl:grid-cols-2" />
        {mutation.isError ? (
          <ErrorAlert message={errorMessage(mutation.error, t('settings.changeError'))} />
        ) : null}
        <DialogFooter>
          {plan.contactSales ? (
            <>
              <p className="text-sm text-muted-foreground sm:mr-auto">
                {t('settings.consultoriaNote')}
              </p>
              <Button variant="brand" onClick={() => setContactOpen(true)}>
                <MessageCircle aria-hidden="true" />
                {tu('contactSales.open')}
              </Button>
            </>
          ) : (
            <Button
              variant="brand"
              disabled={mutation.isPending || planId === currentPlanId}
              onClick={() =>
                mutation.mutate(planId, {
                  onSuccess: () => {
                    onOpenChange(false);
                    toast({
                      title: t('settings.changed'),
                      description: t('settings.changedText', { plan: planName }),
                    });
                  },
                })
              }
            >
              {mutation.isPending
                ? t('settings.changing')
                : t('settings.changeConfirm', { plan: planName })}
            </Button>
          )}
        </DialogFooter>
        <ContactSalesDialog
          open={contactOpen}
          onOpenChange={setContactOpen}
          planId="consultoria"
          defaults={{ name: user?.name, email: user?.email }}
        />
      </DialogContent>
    </Dialog>
  );
}
