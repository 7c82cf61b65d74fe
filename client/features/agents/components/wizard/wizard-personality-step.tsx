import { WIZARD_LANGUAGES, WIZARD_STYLES } from '@common/agent-options';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { OptionsSelect } from '@/components/options-select';
import type { WizardStepProps } from '@/features/agents/components/wizard/wizard-step-props';
import type { WizardLanguage, WizardStyle } from '@/features/agents/lib/build-wizard-prompt';

/** Step 2: personality style and main language. */
export function WizardPersonalityStep({ data, update, errors }: WizardStepProps) {
  const { t } = useTranslation('agents');
  return (
    <div className="grid gap-4">
      <LabelledField htmlFor="wizard-style" label={t('wizard.fields.style')} error={errors.style}>
        <OptionsSelect
          {...fieldA11y('wizard-style', errors.style)}
          value={data.style}
          onValueChange={(value) => update({ style: value as WizardStyle })}
          options={WIZARD_STYLES.map((value) => ({
            value,
            label: `${t(`responseStyles.${value}`)} — ${t(`styleDescriptions.${value}`)}`,
          }))}
        />
      </LabelledField>
      <LabelledField
        htmlFor="wizard-language"
        label={t('wizard.fields.language')}
        error={errors.language}
      >
        <OptionsSelect
          {...fieldA11y('wizard-language', errors.language)}
          value={data.language}
          onValueChange={(value) => update({ language: value as WizardLanguage })}
          options={WIZARD_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
      </LabelledField>
    </div>
  );
}
