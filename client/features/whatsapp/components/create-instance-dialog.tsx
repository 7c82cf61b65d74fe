import { PHONE_INPUT_MAX, type WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
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
import { usePhoneForm } from '@/features/whatsapp/hooks/use-phone-form';
import { toast } from '@/hooks/use-toast';

interface CreateInstanceDialogProps {
  agent: { id: number; name: string } | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (view: WhatsappInstanceView) => void;
}

/** Management page: asks for the phone; create is disabled only while no agent is chosen. */
export function CreateInstanceDialog({
  agent,
  open,
  onOpenChange,
  onCreated,
}: CreateInstanceDialogProps) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const { form, create, submitFor, error } = usePhoneForm((view) => {
    toast({
      title: t('toasts.instanceCreated'),
      description: t('toasts.instanceCreatedDescription'),
    });
    onOpenChange(false);
    onCreated(view);
  });

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
            if (agent) void submitFor(agent.id)(event);
            else event.preventDefault();
          }}
        >
          <LabelledField htmlFor={id} label={t('phone.label')} hint={t('phone.hint')} error={error}>
            <Input
              {...fieldA11y(id, error)}
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX}
              placeholder={t('phone.placeholder')}
              {...form.register('phoneNumber')}
            />
          </LabelledField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={!agent || create.isPending}>
              {create.isPending ? t('create.creating') : t('create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
