import type { EvolutionInstanceView } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { InstanceForm } from '@/features/evolution-instances/components/instance-form';

interface InstanceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Configure passes the instance; creating passes none. */
  instance: EvolutionInstanceView | null;
}

/** The gateway instance dialog, for creating and for Configure. */
export function InstanceDialog({ open, onOpenChange, instance }: InstanceDialogProps) {
  const { t } = useTranslation('evolution');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{instance ? t('dialog.editTitle') : t('dialog.createTitle')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <InstanceForm
            key={instance?.id ?? 'new'}
            instance={instance}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
