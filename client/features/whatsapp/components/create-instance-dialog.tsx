import { useId, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreateWhatsappInstanceMutation } from '@/features/whatsapp/api/create-whatsapp-instance';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { PHONE_MAX_DIGITS } from '@common/schemas/whatsapp';
import type { WhatsappInstanceView } from '@common/schemas/whatsapp';

interface CreateInstanceDialogProps {
  agent: { id: number; name: string } | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (view: WhatsappInstanceView) => void;
}

/** Management page: asks for the phone (digits only); create is disabled with no phone or agent. */
export function CreateInstanceDialog({
  agent,
  open,
  onOpenChange,
  onCreated,
}: CreateInstanceDialogProps) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const [phone, setPhone] = useState('');
  const create = useCreateWhatsappInstanceMutation();
  const disabled = !agent || phone.trim() === '' || create.isPending;

  const submit = () => {
    if (!agent || phone.trim() === '') return;
    create.mutate(
      { agentId: agent.id, phoneNumber: phone },
      {
        onSuccess: (view) => {
          toast({
            title: t('toasts.instanceCreated'),
            description: t('toasts.instanceCreatedDescription'),
          });
          setPhone('');
          onOpenChange(false);
          onCreated(view);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toasts.createFailed'),
            description: errorMessage(error, t('toasts.createFailedFallback')),
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>
            {agent ? t('create.description', { agent: agent.name }) : t('create.noAgent')}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>{t('phone.label')}</Label>
            <Input
              id={id}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={PHONE_MAX_DIGITS}
              placeholder={t('phone.placeholder')}
              value={phone}
              onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
            />
            <p className="text-xs text-muted-foreground">{t('phone.hint')}</p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={disabled}>
              {create.isPending ? t('create.creating') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
