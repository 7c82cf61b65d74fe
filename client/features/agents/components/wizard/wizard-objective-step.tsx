import { WIZARD_CATEGORIES, type WizardCategory } from '@common/agent-options';
import { AGENT_DESCRIPTION_MAX, AGENT_NAME_MAX } from '@common/schemas/agent';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { OptionsSelect } from '@/components/options-select';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { WizardStepProps } from '@/features/agents/components/wizard/wizard-step-props';

/** Step 1: name, short description and usage category. */
export function WizardObjectiveStep({ data, update, errors }: WizardStepProps) {
  const { t } = useTranslation('agents');
  return (
    <div className="grid gap-4">
      <LabelledField htmlFor="wizard-name" label={t('wizard.fields.name')} error={errors.name}>
        <Input
          {...fieldA11y('wizard-name', errors.name)}
          value={data.name}
          maxLength={AGENT_NAME_MAX}
          placeholder={t('wizard.fields.namePlaceholder')}
          onChange={(event) => update({ name: event.target.value })}
        />
      </LabelledField>
      <LabelledField
        htmlFor="wizard-description"
        label={t('wizard.fields.description')}
        error={errors.description}
      >
        <Textarea
          {...fieldA11y('wizard-description', errors.description)}
          rows={2}
          value={data.description}
          maxLength={AGENT_DESCRIPTION_MAX}
          placeholder={t('wizard.fields.descriptionPlaceholder')}
          onChange={(event) => update({ description: event.target.value })}
        />
      </LabelledField>
      <LabelledField
        htmlFor="wizard-category"
        label={t('wizard.fields.category')}
        error={errors.category}
      >
        <OptionsSelect
          {...fieldA11y('wizard-category', errors.category)}
          value={data.category}
          placeholder={t('wizard.fields.categoryPlaceholder')}
          onValueChange={(value) => update({ category: value as WizardCategory })}
          options={WIZARD_CATEGORIES.map((value) => ({
            value,
            label: t(`categories.${value}`),
          }))}
        />
      </LabelledField>
    </div>
  );
}
