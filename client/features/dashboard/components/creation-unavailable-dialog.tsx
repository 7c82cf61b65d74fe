import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export type CreationMode = 'wizard' | 'quick';

interface CreationUnavailableDialogProps {
  mode: CreationMode | null;
  onOpenChange: (open: boolean) => void;
}

/** What 'Assistente' and 'Criar Rápido' open until agent management exists: an honest notice. */
export function CreationUnavailableDialog({ mode, onOpenChange }: CreationUnavailableDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {mode === 'quick'
              ? t('dashboard.unavailable.quickTitle')
              : t('dashboard.unavailable.wizardTitle')}
          </DialogTitle>
          <DialogDescription>{t('dashboard.unavailable.description')}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          {mode === 'quick'
            ? t('dashboard.unavailable.quickDetail')
            : t('dashboard.unavailable.wizardDetail')}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t('dashboard.unavailable.ok')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
