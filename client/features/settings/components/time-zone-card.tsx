import { zodResolver } from '@hookform/resolvers/zod';
import { preferencesSchema, type PreferencesInput } from '@common/schemas/settings';
import { Globe } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import {
  usePreferencesQuery,
  useSavePreferencesMutation,
} from '@/features/settings/api/preferences';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';
import { useZoneOptions } from '@/lib/time-zones';

const FIELDS = ['timezone'] as const;

/** The owner's time zone: the reports' days start at their midnight. */
export function TimeZoneCard() {
  const { t, i18n } = useTranslation('console');
  const id = useId();
  const query = usePreferencesQuery();
  const mutation = useSavePreferencesMutation();
  const form = useForm<PreferencesInput>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: { timezone: '' },
  });
  const saved = query.data?.timezone;
  useEffect(() => {
    if (saved) form.reset({ timezone: saved });
  }, [saved, form]);
  const options = useZoneOptions(saved);
  const error = form.formState.errors.timezone?.message;

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => toast({ title: t('settings.preferences.saved') }),
      onError: (failure) =>
        reportSubmitError(failure, form, FIELDS, () =>
          toast({
            variant: 'destructive',
            title: t('settings.preferences.failed'),
            description: errorMessage(failure, t('settings.failedFallback')),
          }),
        ),
    });
  });

  return (
    <div lang={i18n.language} data-testid="time-zone-settings">
      <SettingsCard
        icon={Globe}
        title={t('settings.preferences.title')}
        description={t('settings.preferences.description')}
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <LabelledField
            htmlFor={id}
            label={t('settings.preferences.timezone')}
            hint={t('settings.preferences.timezoneHint')}
            error={error}
          >
            <NativeSelect {...fieldA11y(id, error)} {...form.register('timezone')}>
              {/* Until the saved zone is read: an empty choice, never a wrong one shown. */}
              {saved ? null : <option value="" />}
              <optgroup label={t('settings.preferences.groupBrazil')}>
                {options.brazil.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('settings.preferences.groupOthers')}>
                {options.others.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            </NativeSelect>
          </LabelledField>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={mutation.isPending || !query.data}
          >
            {mutation.isPending ? t('settings.saving') : t('settings.preferences.save')}
          </Button>
        </form>
      </SettingsCard>
    </div>
  );
}
