import {
  AGENT_STATUSES,
  DIALOG_RESPONSE_STYLES,
  LANGUAGES,
  MAX_TOKENS_LIMIT,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
} from '@common/agent-options';
import { AGENT_NAME_MAX } from '@common/schemas/agent';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { ModelSelect } from '@/components/model-select';
import { OptionsSelect } from '@/components/options-select';
import { Input } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { Textarea } from '@/components/ui/textarea';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

/** Tab Básico: every field of the agent the dialog sets. */
export function QuickBasicTab() {
  const { t } = useTranslation('agents');
  const { register, control, formState } = useFormContext<QuickCreateInput>();
  const { errors } = formState;
  const selectField = (name: 'status' | 'responseStyle' | 'language') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <OptionsSelect
          {...fieldA11y(`quick-${name}`, fieldState.error?.message)}
          value={field.value}
          onValueChange={field.onChange}
          options={OPTIONS[name].map((value) => ({ value, label: labelOf(name, value) }))}
        />
      )}
    />
  );
  const labelOf = (name: keyof typeof OPTIONS, value: string): string => {
    if (name === 'status') return t(`statusOptions.${value as 'draft'}`);
    if (name === 'responseStyle') return t(`responseStyles.${value as 'casual'}`);
    return t(`languages.${value as 'pt'}`);
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField htmlFor="quick-name" label={t('fields.name')} error={errors.name?.message}>
          <Input
            {...fieldA11y('quick-name', errors.name?.message)}
            placeholder={t('fields.namePlaceholder')}
            maxLength={AGENT_NAME_MAX}
            {...register('name')}
          />
        </LabelledField>
        <LabelledField htmlFor="quick-status" label={t('fields.status')}>
          {selectField('status')}
        </LabelledField>
      </div>
      <LabelledField
        htmlFor="quick-description"
        label={t('fields.description')}
        error={errors.description?.message}
      >
        <Textarea
          {...fieldA11y('quick-description', errors.description?.message)}
          rows={2}
          placeholder={t('fields.descriptionPlaceholder')}
          {...register('description')}
        />
      </LabelledField>
      <LabelledField
        htmlFor="quick-systemPrompt"
        label={t('fields.systemPrompt')}
        error={errors.systemPrompt?.message}
      >
        <Textarea
          {...fieldA11y('quick-systemPrompt', errors.systemPrompt?.message)}
          rows={6}
          placeholder={t('fields.systemPromptPlaceholder')}
          {...register('systemPrompt')}
        />
      </LabelledField>
      <LabelledField
        htmlFor="quick-knowledgeBase"
        label={t('fields.knowledgeBase')}
        error={errors.knowledgeBase?.message}
      >
        <Textarea
          {...fieldA11y('quick-knowledgeBase', errors.knowledgeBase?.message)}
          rows={4}
          placeholder={t('fields.knowledgeBasePlaceholder')}
          {...register('knowledgeBase')}
        />
      </LabelledField>
      <div className="grid gap-4 sm:grid-cols-3">
        <LabelledField htmlFor="quick-responseStyle" label={t('fields.responseStyle')}>
          {selectField('responseStyle')}
        </LabelledField>
        <LabelledField htmlFor="quick-language" label={t('fields.language')}>
          {selectField('language')}
        </LabelledField>
        <LabelledField
          htmlFor="quick-model"
          label={t('fields.model')}
          error={errors.model?.message}
        >
          <Controller
            control={control}
            name="model"
            render={({ field, fieldState }) => (
              <ModelSelect
                {...fieldA11y('quick-model', fieldState.error?.message)}
                value={field.value}
                onChange={field.onChange}
                followDefault={!fieldState.isDirty}
              />
            )}
          />
        </LabelledField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="temperature"
          render={({ field }) => (
            <LabelledField
              htmlFor="quick-temperature"
              label={`${t('fields.temperature')}: ${(field.value ?? 0).toFixed(1)}`}
              hint={t('fields.temperatureHint')}
            >
              <Slider
                id="quick-temperature"
                aria-label={t('fields.temperature')}
                min={TEMPERATURE_MIN}
                max={TEMPERATURE_MAX}
                step={0.1}
                value={field.value ?? 0}
                onValueChange={field.onChange}
              />
            </LabelledField>
          )}
        />
        <LabelledField
          htmlFor="quick-maxTokens"
          label={t('fields.maxTokens')}
          hint={t('fields.maxTokensHint')}
          error={errors.maxTokens?.message}
        >
          <Input
            {...fieldA11y('quick-maxTokens', errors.maxTokens?.message)}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TOKENS_LIMIT}
            step={1}
            {...register('maxTokens', { valueAsNumber: true })}
          />
        </LabelledField>
      </div>
    </div>
  );
}

const OPTIONS = {
  status: AGENT_STATUSES,
  responseStyle: DIALOG_RESPONSE_STYLES,
  language: LANGUAGES,
} as const;
