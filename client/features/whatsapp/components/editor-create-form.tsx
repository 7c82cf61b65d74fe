import { PHONE_INPUT_MAX } from '@common/schemas/whatsapp';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { usePhoneForm } from '@/features/whatsapp/hooks/use-phone-form';
import { toast } from '@/hooks/use-toast';

/** Editor card with no instance: the phone and 'Criar Instância WhatsApp'. */
export function EditorCreateForm({
  agentId,
  onCreated,
}: {
  agentId: number;
  onCreated: () => void;
}) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const { form, create, submitFor, error } = usePhoneForm(() => {
    toast({
      title: t('toasts.editorCreated'),
      description: t('toasts.editorCreatedDescription'),
    });
    onCreated();
  });
  // Inside the editor's own form: this is not a <form>, so it submits by hand.
  const submit = () => void submitFor(agentId)();

  return (
    <div className="grid max-w-md gap-4">
      <LabelledField htmlFor={id} label={t('phone.label')} hint={t('phone.hint')} error={error}>
        <Input
          {...fieldA11y(id, error)}
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_INPUT_MAX}
          placeholder={t('phone.placeholder')}
          {...form.register('phoneNumber')}
          onKeyDown={(event) => {
            // Enter creates the instance instead of saving the agent.
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
        />
      </LabelledField>
      <Button
        type="button"
        className="justify-self-start"
        onClick={submit}
        disabled={create.isPending}
      >
        <Plus aria-hidden="true" />
        {create.isPending ? t('create.creating') : t('editor.create')}
      </Button>
    </div>
  );
}
