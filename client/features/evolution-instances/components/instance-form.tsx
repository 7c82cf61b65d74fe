import type { EvolutionInstanceView } from '@common/schemas/whatsapp';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateEvolutionInstanceMutation } from '@/features/evolution-instances/api/create-evolution-instance';
import { useWebhookDefaultsQuery } from '@/features/evolution-instances/api/get-webhook-defaults';
import { useUpdateEvolutionInstanceMutation } from '@/features/evolution-instances/api/update-evolution-instance';
import { AgentField } from '@/features/evolution-instances/components/agent-field';
import { EventsCheckboxes } from '@/features/evolution-instances/components/events-checkboxes';
import {
  emptyFormValues,
  formValuesOf,
  JSON_INVALID,
  toInstancePayload,
  type InstanceFormErrors,
  type InstanceFormField,
  type InstanceFormValues,
} from '@/features/evolution-instances/lib/instance-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

const FIELDS: InstanceFormField[] = [
  'name',
  'instanceId',
  'url',
  'apiKey',
  'connectedAgentId',
  'phoneNumber',
  'webhookUrl',
  'webhookSecret',
  'webhookEvents',
  'connectionData',
];

interface InstanceFormProps {
  instance: EvolutionInstanceView | null;
  onDone: () => void;
}

/** The dialog's fields: validated with the shared schema, server field errors shown inline. */
export function InstanceForm({ instance, onDone }: InstanceFormProps) {
  const { t } = useTranslation('evolution');
  const defaults = useWebhookDefaultsQuery();
  const [values, setValues] = useState<InstanceFormValues>(() =>
    instance ? formValuesOf(instance) : emptyFormValues(defaults.data),
  );
  const [errors, setErrors] = useState<InstanceFormErrors>({});
  const create = useCreateEvolutionInstanceMutation();
  const update = useUpdateEvolutionInstanceMutation();
  const pending = create.isPending || update.isPending;
  const ids = {
    name: useId(),
    instanceId: useId(),
    url: useId(),
    apiKey: useId(),
    agent: useId(),
    phone: useId(),
    webhookUrl: useId(),
    secret: useId(),
    data: useId(),
  };
  const set = <K extends InstanceFormField>(key: K, value: InstanceFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const err = (field: InstanceFormField) =>
    errors[field] === JSON_INVALID ? t('dialog.jsonInvalid') : errors[field];

  /** The server's field messages onto their fields; true when one took it (then no toast). */
  const serverErrors = (failure: unknown): boolean => {
    if (!(failure instanceof ApiError)) return false;
    const found: InstanceFormErrors = {};
    for (const field of FIELDS) {
      const message = failure.fieldErrors[field]?.[0];
      if (message) found[field] = message;
    }
    setErrors(found);
    return Object.keys(found).length > 0;
  };

  const submit = () => {
    const result = toInstancePayload(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (!instance) {
      create.mutate(result.payload, {
        onSuccess: () => {
          toast({ title: t('toasts.created'), description: t('toasts.createdDescription') });
          onDone();
        },
        onError: (failure) => {
          if (serverErrors(failure)) return;
          toast({
            variant: 'destructive',
            title: t('toasts.createFailed'),
            description: errorMessage(failure, t('toasts.createFailed')),
          });
        },
      });
      return;
    }
    update.mutate(
      { id: instance.id, input: result.payload },
      {
        onSuccess: (saved) => {
          if (saved.webhookApplied) {
            toast({ title: t('toasts.updated'), description: t('toasts.webhookApplied') });
          } else {
            toast({
              variant: 'destructive',
              title: t('toasts.updatedWebhookFailed'),
              description: saved.webhookError ?? t('toasts.webhookNotApplied'),
            });
          }
          onDone();
        },
        onError: (failure) => {
          if (serverErrors(failure)) return;
          toast({
            variant: 'destructive',
            title: t('toasts.updateFailed'),
            description: errorMessage(failure, t('toasts.updateFailed')),
          });
        },
      },
    );
  };

  const text = (
    field: Exclude<InstanceFormField, 'webhookEvents' | 'connectedAgentId' | 'connectionData'>,
    id: string,
    extra: { type?: string; placeholder?: string; hint?: string; autoComplete?: string } = {},
  ) => (
    <LabelledField
      htmlFor={id}
      label={t(`dialog.fields.${field}`)}
      hint={extra.hint}
      error={err(field)}
    >
      <Input
        {...fieldA11y(id, err(field))}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        placeholder={extra.placeholder}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </LabelledField>
  );

  return (
    <form
      noValidate
      className="grid gap-6"
      data-testid="evolution-instance-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section className="grid gap-4">
        <h3 className="font-semibold text-brand-navy">{t('dialog.basic')}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', ids.name, { placeholder: t('dialog.placeholders.name') })}
          {text('instanceId', ids.instanceId, { placeholder: t('dialog.placeholders.instanceId') })}
          {text('url', ids.url, { placeholder: 'https://evolution.example.com' })}
          {text('apiKey', ids.apiKey, {
            type: 'password',
            autoComplete: 'new-password',
            hint: instance?.apiKeySet
              ? t('dialog.apiKeyKeep', { hint: instance.apiKeyHint ?? '' })
              : t('dialog.apiKeyHint'),
          })}
          <AgentField
            id={ids.agent}
            value={values.connectedAgentId}
            onChange={(value) => set('connectedAgentId', value)}
            error={err('connectedAgentId')}
          />
          {text('phoneNumber', ids.phone, { placeholder: '5511999999999' })}
        </div>
      </section>
      <section className="grid gap-4">
        <h3 className="font-semibold text-brand-navy">{t('dialog.webhook')}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('webhookUrl', ids.webhookUrl, {
            placeholder: 'https://…/api/whatsapp/webhook',
            hint: t('dialog.webhookUrlHint'),
          })}
          {text('webhookSecret', ids.secret, {
            type: 'password',
            autoComplete: 'new-password',
            hint: instance?.webhookSecretSet ? t('dialog.secretKeep') : t('dialog.secretHint'),
          })}
        </div>
        <EventsCheckboxes
          value={values.webhookEvents}
          onChange={(events) => set('webhookEvents', events)}
        />
      </section>
      <section className="grid gap-2">
        <LabelledField
          htmlFor={ids.data}
          label={t('dialog.fields.connectionData')}
          hint={t('dialog.connectionDataHint')}
          error={err('connectionData')}
        >
          <Textarea
            {...fieldA11y(ids.data, err('connectionData'))}
            rows={4}
            className="font-mono text-xs"
            placeholder={t('dialog.placeholders.connectionData')}
            value={values.connectionData}
            onChange={(event) => set('connectionData', event.target.value)}
          />
        </LabelledField>
      </section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('dialog.saving') : instance ? t('dialog.save') : t('dialog.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}
