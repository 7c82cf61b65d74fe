import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import type { WizardStepProps } from '@/features/agents/components/wizard/wizard-step-props';

/** Step 3: the knowledge text and optional special instructions (both go into the prompt). */
export function WizardKnowledgeStep({ data, update, errors }: WizardStepProps) {
  const { t } = useTranslation('agents');
  return (
    <div className="grid gap-4">
      <LabelledField
        htmlFor="wizard-knowledge"
        label={t('wizard.fields.knowledgeBase')}
        hint={t('wizard.fields.knowledgeHint')}
        error={errors.knowledgeBase}
      >
        <Textarea
          {...fieldA11y('wizard-knowledge', errors.knowledgeBase)}
          rows={7}
          value={data.knowledgeBase}
          placeholder={t('wizard.fields.knowledgePlaceholder')}
          onChange={(event) => update({ knowledgeBase: event.target.value })}
        />
      </LabelledField>
      <LabelledField
        htmlFor="wizard-instructions"
        label={t('wizard.fields.customInstructions')}
        error={errors.systemPrompt}
      >
        <Textarea
          {...fieldA11y('wizard-instructions', errors.systemPrompt)}
          rows={3}
          value={data.customInstructions}
          placeholder={t('wizard.fields.customPlaceholder')}
          onChange={(event) => update({ customInstructions: event.target.value })}
        />
      </LabelledField>
    </div>
  );
}
