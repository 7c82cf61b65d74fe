import type { AgentTemplate } from '@common/templates';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { QuickCreateForm } from '@/features/agents/components/quick-create/quick-create-form';

interface QuickCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens on this template's short form, then the form filled with it ('Usar modelo'). */
  template?: AgentTemplate | undefined;
}

/**
 * Quick creation ('Criar Rápido'). The form lives inside the dialog content, so each opening
 * starts from the defaults (or the template it was opened with, whose details it asks first).
 */
export function QuickCreateDialog({ open, onOpenChange, template }: QuickCreateDialogProps) {
  const { t } = useTranslation('agents');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('quick.title')}</DialogTitle>
          <DialogDescription>{t('quick.description')}</DialogDescription>
        </DialogHeader>
        <QuickCreateForm template={template} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
