import { zodResolver } from '@hookform/resolvers/zod';
import { providerSettingsSchema, type ProviderSettingsView } from '@common/schemas/settings';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useSaveProviderSettingsMutation } from '@/features/settings/api/save-provider-settings';
import { ApiKeyField } from '@/features/settings/components/api-key-field';
import { ConnectionTest } from '@/features/settings/components/connection-test';
import { ModelSelect } from '@/features/settings/components/model-select';
import { TemperatureSlider } from '@/features/settings/components/temperature-slider';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

type FormInput = z.input<typeof providerSettingsSchema>;
type FormOutput = z.output<typeof providerSettingsSchema>;
const FIELDS = ['apiKey', 'baseUrl', 'defaultModel', 'temperature'] as const;

function valuesOf(view: ProviderSettingsView): FormInput {
  return {
    apiKey: '',
    baseUrl: view.baseUrl ?? '',
    defaultModel: view.defaultModel,
    temperature: view.temperature,
  };
}

export function ApiConfigForm({ view }: { view: ProviderSettingsView }) {
  const { t } = useTranslation('console');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(providerSettingsSchema),
    defaultValues: valuesOf(view),
  });
  const { errors } = form.formState;
  const save = useSaveProviderSettingsMutation();

  function persist(input: FormOutput, successTitle: string) {
    save.mutate(input, {
      // The typed key leaves the page as soon as it is saved; only the mask comes back.
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast({ title: successTitle });
      },
      onError: (error) =>
        reportSubmitError(error, form, FIELDS, () =>
          toast({
            variant: 'destructive',
            title: t('settings.api.failed'),
            description: errorMessage(error, t('settings.failedFallback')),
          }),
        ),
    });
  }

  const onSubmit = form.handleSubmit((values) => {
    if (!values.apiKey && !view.hasKey) {
      form.setError('apiKey', { type: 'required', message: 'settings.apiKeyRequired' });
      return;
    }
    persist(values, t('settings.api.saved'));
  });

  function removeKey() {
    persist(
      {
        clearKey: true,
        baseUrl: view.baseUrl,
        defaultModel: view.defaultModel,
        temperature: view.temperature,
      },
      t('settings.api.removed'),
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <ApiKeyField
        maskedKey={view.maskedKey}
        error={errors.apiKey?.message}
        {...form.register('apiKey')}
      />
      {/* Most owners use OpenAI itself: the address of another service stays folded away. */}
      <details className="rounded-md border px-3 py-2" open={Boolean(view.baseUrl)}>
        <summary className="cursor-pointer text-sm font-medium">
          {t('settings.api.advanced')}
        </summary>
        <div className="mt-3 grid gap-1">
          <FormField
            label={t('settings.api.baseUrl')}
            type="url"
            inputMode="url"
            placeholder="https://api.openai.com/v1"
            error={errors.baseUrl?.message}
            {...form.register('baseUrl')}
          />
          <p className="text-sm text-muted-foreground">{t('settings.api.baseUrlHint')}</p>
        </div>
      </details>
      <Controller
        control={form.control}
        name="defaultModel"
        render={({ field }) => (
          <ModelSelect
            value={field.value}
            onChange={field.onChange}
            error={errors.defaultModel?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="temperature"
        render={({ field }) => (
          <TemperatureSlider value={field.value ?? 0.7} onChange={field.onChange} />
        )}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.api.save')}
        </Button>
        <ConnectionTest getValues={() => form.getValues()} />
        {view.hasKey ? (
          <Button type="button" variant="outline" onClick={removeKey} disabled={save.isPending}>
            {t('settings.api.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
