import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { AgentLimit } from '@/lib/billing/agent-limit';

interface PlanLimitDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  limit: AgentLimit;
  /** opens Settings › Assinatura, where the plan is changed */
  onChangePlan: () => void;
}

/** Shown instead of a creation form when the plan has no room for another agent. */
export function PlanLimitDialog({ open, onOpenChange, limit, onChangePlan }: PlanLimitDialogProps) {
  const { t } = useTranslation('billing');
  const { t: tu } = useTranslation('ui');
  const plan = limit.planId ? tu(`plans.${limit.planId}.name`) : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('agentLimit.title')}</DialogTitle>
          <DialogDescription>
            {t('agentLimit.description', { plan, count: limit.limit ?? 0 })}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{t('agentLimit.hint')}</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('agentLimit.close')}
          </Button>
          <Button variant="brand" onClick={onChangePlan}>
            {t('agentLimit.changePlan')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
