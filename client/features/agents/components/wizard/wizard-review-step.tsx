import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { WizardStepProps } from '@/features/agents/components/wizard/wizard-step-props';
import { wizardPrompt } from '@/features/agents/lib/wizard-state';

/**
 * Step 5: a summary of the choices, the instructions that will be sent, and the offer to put the
 * agent to work at once (a draft answers no customer).
 */
export function WizardReviewStep({ data, update }: Pick<WizardStepProps, 'data' | 'update'>) {
  const { t } = useTranslation('agents');
  const none = t('wizard.review.none');
  const rows: [string, string][] = [
    [t('wizard.fields.name'), data.name],
    [t('wizard.fields.description'), data.description],
    [t('wizard.fields.category'), data.category ? t(`categories.${data.category}`) : none],
    [t('wizard.fields.style'), data.style ? t(`responseStyles.${data.style}`) : none],
    [t('wizard.fields.language'), data.language ? t(`languages.${data.language}`) : none],
    [t('wizard.fields.model'), data.model],
    [t('wizard.fields.creativity'), String(data.temperature ?? none)],
    [t('wizard.fields.responseSize'), String(data.maxTokens ?? none)],
    [t('wizard.fields.status'), t(`statusOptions.${data.status}`)],
  ];
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3 rounded-md border border-brand-lime bg-brand-lime/10 p-3">
        <Checkbox
          id="wizard-activate"
          checked={data.status === 'active'}
          onCheckedChange={(checked) => update({ status: checked === true ? 'active' : 'draft' })}
          aria-describedby="wizard-activate-hint"
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <Label htmlFor="wizard-activate">{t('wizard.review.activate')}</Label>
          <p id="wizard-activate-hint" className="text-xs text-muted-foreground">
            {t('wizard.review.activateHint')}
          </p>
        </div>
      </div>
      <section aria-labelledby="wizard-summary" className="grid gap-2">
        <h3 id="wizard-summary" className="font-semibold">
          {t('wizard.review.summary')}
        </h3>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value || none}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="wizard-prompt" className="grid gap-2">
        <h3 id="wizard-prompt" className="font-semibold">
          {t('wizard.review.promptPreview')}
        </h3>
        <pre
          data-testid="wizard-prompt-preview"
          className="max-h-64 overflow-y-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap"
        >
          {wizardPrompt(data)}
        </pre>
      </section>
    </div>
  );
}
