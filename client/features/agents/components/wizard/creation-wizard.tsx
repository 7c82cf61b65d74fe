import type { AgentTemplate } from '@common/templates';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { WizardBody } from '@/features/agents/components/wizard/wizard-body';

interface CreationWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** a template picked in step 1: the app opens its short form instead */
  onUseTemplate?: (template: AgentTemplate) => void;
}

/**
 * The creation wizard ('Assistente'). Its state lives in the dialog content, so closing it
 * (Cancelar, success) brings the next opening back to step 1 with the defaults.
 */
export function CreationWizard({ open, onOpenChange, onUseTemplate }: CreationWizardProps) {
  const { t } = useTranslation('agents');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('wizard.title')}</DialogTitle>
          <DialogDescription>{t('wizard.description')}</DialogDescription>
        </DialogHeader>
        <WizardBody onClose={() => onOpenChange(false)} onUseTemplate={onUseTemplate} />
      </DialogContent>
    </Dialog>
  );
}
