import type { ContactDetail } from '@common/schemas/contacts';
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
import { useDeleteContactMutation } from '@/features/contacts/api/delete-contact';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface EraseContactDialogProps {
  contact: ContactDetail;
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased: () => void;
}

/** 'Apagar contato': what goes, said before it goes; nothing is erased until the owner confirms. */
export function EraseContactDialog(props: EraseContactDialogProps) {
  const { contact, label, open, onOpenChange, onErased } = props;
  const { t } = useTranslation('contacts');
  const erase = useDeleteContactMutation(contact.id);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setProblem(null);
    try {
      await erase.mutateAsync();
    } catch (error) {
      setProblem(errorMessage(error, t('erase.failed')));
      return;
    }
    toast({ title: t('erase.done') });
    onErased();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('erase.title', { name: label })}</DialogTitle>
          <DialogDescription>{t('erase.description')}</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t('erase.items.contact')}</li>
          <li>{t('erase.items.conversations', { count: contact.conversations.length })}</li>
          <li>{t('erase.items.related')}</li>
        </ul>
        <p className="text-sm text-muted-foreground">{t('erase.reports')}</p>
        {problem ? <ErrorAlert message={problem} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={erase.isPending}>
            {t('erase.cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => void confirm()}
            disabled={erase.isPending}
            data-testid="contact-erase-confirm"
          >
            {erase.isPending ? t('erase.erasing') : t('erase.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
