import type { ConnectWhatsappCloudInput } from '@common/schemas/whatsapp';
import { useId, type KeyboardEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCloudConnect } from '@/features/whatsapp/hooks/use-cloud-connect';
import {
  EMPTY_MANUAL_VALUES,
  MANUAL_FIELDS,
  readManualForm,
  type ManualValues,
} from '@/features/whatsapp/lib/cloud-manual-form';
import { applyServerFieldErrors } from '@/lib/form-errors';

/** The shared schema as the form's resolver (lib/cloud-manual-form.ts). */
const resolver: Resolver<ManualValues, unknown, ConnectWhatsappCloudInput> = (values) => {
  const result = readManualForm(values);
  if (result.ok) return { values: result.body, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([field, message]) => [
      field,
      { type: 'validation', message },
    ]),
  );
  return { values: {}, errors };
};

/**
 * 'Configuração manual': the WABA id, the number's id and an access token from Meta's tools. The
 * token is a password field, emptied once connected; the server's field messages land under
 * their fields.
 */
export function CloudManualForm({ agentId }: { agentId: number }) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const { connect, pending } = useCloudConnect(agentId);
  const form = useForm<ManualValues, unknown, ConnectWhatsappCloudInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_MANUAL_VALUES,
  });
  const { errors } = form.formState;

  // Inside the editor's own form: this is not a <form>, so it submits by hand.
  const submit = form.handleSubmit(async (body) => {
    const connected = await connect(body, (error) =>
      applyServerFieldErrors(error, MANUAL_FIELDS, form.setError),
    );
    if (connected) form.reset(EMPTY_MANUAL_VALUES);
  });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <details className="rounded-lg border p-4 text-sm" data-testid="cloud-manual-form">
      <summary className="cursor-pointer font-medium">{t('cloud.manual.summary')}</summary>
      <div className="mt-4 grid max-w-md gap-4">
        <p className="text-muted-foreground">{t('cloud.manual.description')}</p>
        <LabelledField
          htmlFor={fieldId('waba')}
          label={t('cloud.manual.wabaId')}
          error={errors.wabaId?.message}
        >
          <Input
            {...fieldA11y(fieldId('waba'), errors.wabaId?.message)}
            inputMode="numeric"
            autoComplete="off"
            {...form.register('wabaId')}
            onKeyDown={onKeyDown}
          />
        </LabelledField>
        <LabelledField
          htmlFor={fieldId('phone')}
          label={t('cloud.manual.phoneNumberId')}
          error={errors.phoneNumberId?.message}
        >
          <Input
            {...fieldA11y(fieldId('phone'), errors.phoneNumberId?.message)}
            inputMode="numeric"
            autoComplete="off"
            {...form.register('phoneNumberId')}
            onKeyDown={onKeyDown}
          />
        </LabelledField>
        <LabelledField
          htmlFor={fieldId('token')}
          label={t('cloud.manual.accessToken')}
          error={errors.accessToken?.message}
        >
          <Input
            {...fieldA11y(fieldId('token'), errors.accessToken?.message)}
            type="password"
            autoComplete="off"
            spellCheck={false}
            {...form.register('accessToken')}
            onKeyDown={onKeyDown}
          />
        </LabelledField>
        <Button
          type="button"
          className="justify-self-start"
          onClick={() => void submit()}
          disabled={pending}
        >
          {pending ? t('cloud.manual.submitting') : t('cloud.manual.submit')}
        </Button>
      </div>
    </details>
  );
}
