import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface QrDialogProps {
  qrCode: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Opens after creation (or a new code) so the owner can scan right away. */
export function QrDialog({ qrCode, open, onOpenChange }: QrDialogProps) {
  const { t } = useTranslation('whatsapp');
  return (
    <Dialog open={open && Boolean(qrCode)} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('qr.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('qr.description')}</DialogDescription>
        </DialogHeader>
        {qrCode ? (
          <img
            src={qrCode}
            alt={t('qr.alt')}
            data-testid="whatsapp-qr-dialog-image"
            className="mx-auto size-64 rounded-lg border bg-white p-2"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
