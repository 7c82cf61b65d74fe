import { EXTERNAL_API_AUTH_TYPES } from '@common/agent-options';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { OptionsSelect } from '@/components/options-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

/** The repeatable external API entries: name, base URL and auth type (new ones are bearer). */
export function ExternalApisFields() {
  const { t } = useTranslation('agents');
  const { control, register, formState } = useFormContext<QuickCreateInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'externalApiEntries' });
  const entryErrors = formState.errors.externalApiEntries;
  const authOptions = EXTERNAL_API_AUTH_TYPES.map((value) => ({
    value,
    label: t(`authTypes.${value}`),
  }));

  return (
    <fieldset className="grid gap-3">
      <legend className="font-medium">{t('quick.apis.title')}</legend>
      <p className="text-sm text-muted-foreground">{t('quick.apis.description')}</p>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('quick.apis.empty')}</p>
      ) : null}
      {fields.map((entry, index) => {
        const errors = entryErrors?.[index];
        const id = (field: string) => `api-${index}-${field}`;
        return (
          <div
            key={entry.id}
            role="group"
            aria-label={t('quick.apis.entry', { index: index + 1 })}
            data-testid="external-api-entry"
            className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1.5fr_1fr_auto] sm:items-end"
          >
            <LabelledField
              htmlFor={id('name')}
              label={t('quick.apis.name')}
              error={errors?.name?.message}
            >
              <Input
                {...fieldA11y(id('name'), errors?.name?.message)}
                placeholder={t('quick.apis.namePlaceholder')}
                {...register(`externalApiEntries.${index}.name`)}
              />
            </LabelledField>
            <LabelledField
              htmlFor={id('url')}
              label={t('quick.apis.url')}
              error={errors?.url?.message}
            >
              <Input
                {...fieldA11y(id('url'), errors?.url?.message)}
                type="url"
                inputMode="url"
                placeholder={t('quick.apis.urlPlaceholder')}
                {...register(`externalApiEntries.${index}.url`)}
              />
            </LabelledField>
            <LabelledField
              htmlFor={id('auth')}
              label={t('quick.apis.authType')}
              error={errors?.authType?.message}
            >
              <Controller
                control={control}
                name={`externalApiEntries.${index}.authType`}
                render={({ field }) => (
                  <OptionsSelect
                    {...fieldA11y(id('auth'), errors?.authType?.message)}
                    value={field.value}
                    onValueChange={field.onChange}
                    options={authOptions}
                  />
                )}
              />
            </LabelledField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('quick.apis.remove', { index: index + 1 })}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => append({ name: '', url: '', authType: 'bearer' })}
        >
          <Plus aria-hidden="true" />
          {t('quick.apis.add')}
        </Button>
      </div>
    </fieldset>
  );
}
