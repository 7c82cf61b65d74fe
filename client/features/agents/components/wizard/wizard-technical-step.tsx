import {
  AGENT_STATUSES,
  WIZARD_RESPONSE_SIZES,
  WIZARD_TEMPERATURES,
  type AgentStatus,
} from '@common/agent-options';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { ModelSelect } from '@/components/model-select';
import { OptionsSelect } from '@/components/options-select';
import type { WizardStepProps } from '@/features/agents/components/wizard/wizard-step-props';

const TEMPERATURE_KEYS = ['conservative', 'balanced', 'creative'] as const;
const SIZE_KEYS = ['short', 'medium', 'long'] as const;

/** Step 4: model, creativity, response size and initial status (option lists in common/). */
export function WizardTechnicalStep({ data, update, errors }: WizardStepProps) {
  const { t } = useTranslation('agents');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LabelledField htmlFor="wizard-model" label={t('wizard.fields.model')} error={errors.model}>
        <ModelSelect
          {...fieldA11y('wizard-model', errors.model)}
          value={data.model}
          onChange={(model) => update({ model, modelChosen: true })}
          followDefault={!data.modelChosen}
        />
      </LabelledField>
      <LabelledField htmlFor="wizard-temperature" label={t('wizard.fields.creativity')}>
        <OptionsSelect
          id="wizard-temperature"
          value={data.temperature === null ? '' : String(data.temperature)}
          onValueChange={(value) => update({ temperature: Number(value) })}
          options={WIZARD_TEMPERATURES.map((value, index) => ({
            value: String(value),
            label: t(`wizard.temperatures.${TEMPERATURE_KEYS[index] ?? 'balanced'}`),
          }))}
        />
      </LabelledField>
      <LabelledField htmlFor="wizard-size" label={t('wizard.fields.responseSize')}>
        <OptionsSelect
          id="wizard-size"
          value={data.maxTokens === null ? '' : String(data.maxTokens)}
          onValueChange={(value) => update({ maxTokens: Number(value) })}
          options={WIZARD_RESPONSE_SIZES.map((value, index) => ({
            value: String(value),
            label: t(`wizard.responseSizes.${SIZE_KEYS[index] ?? 'medium'}`),
          }))}
        />
      </LabelledField>
      <LabelledField htmlFor="wizard-status" label={t('wizard.fields.status')}>
        <OptionsSelect
          id="wizard-status"
          value={data.status}
          onValueChange={(value) => update({ status: value as AgentStatus })}
          options={AGENT_STATUSES.map((value) => ({ value, label: t(`statusOptions.${value}`) }))}
        />
      </LabelledField>
    </div>
  );
}
