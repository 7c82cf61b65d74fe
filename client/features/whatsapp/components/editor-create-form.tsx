import { PHONE_MAX_DIGITS } from '@common/schemas/whatsapp';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCreateWhatsappInstanceMutation } from '@/features/whatsapp/api/create-whatsapp-instance';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

/** Editor card with no instance: the phone (digits only) and 'Criar Instância WhatsApp'. */
export function EditorCreateForm({
  agentId,
  onCreated,
}: {
  agentId: number;
  onCreated: () => void;
}) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateWhatsappInstanceMutation();

  const submit = () => {
    if (phone.trim() === '') {
      setError(t('phone.required'));
      return;
    }
    setError(undefined);
    create.mutate(
      { agentId, phoneNumber: phone.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('toasts.editorCreated'),
            description: t('toasts.editorCreatedDescription'),
          });
          onCreated();
        },
        onError: (failure) => {
          const fieldMessage =
            failure instanceof ApiError ? failure.fieldErrors.phoneNumber?.[0] : undefined;
          if (fieldMessage) setError(fieldMessage);
          toast({
            variant: 'destructive',
            title: t('toasts.createFailed'),
            description: errorMessage(failure, t('toasts.createFailedFallback')),
          });
        },
      },
    );
  };

  return (
    <div className="grid max-w-md gap-4">
      <LabelledField htmlFor={id} label={t('phone.label')} hint={t('phone.hint')} error={error}>
        <Input
          {...fieldA11y(id, error)}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={PHONE_MAX_DIGITS}
          placeholder={t('phone.placeholder')}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value.replace(/\D/g, ''));
            if (error) setError(undefined);
          }}
          onBlur={() => {
            if (phone.trim() === '') setError(t('phone.required'));
          }}
          onKeyDown={(event) => {
            // Inside the editor's form: Enter creates the instance instead of saving the agent.
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
        disabled={phone.trim() === '' || create.isPending}
      >
        <Plus aria-hidden="true" />
        {create.isPending ? t('create.creating') : t('editor.create')}
      </Button>
    </div>
  );
}
