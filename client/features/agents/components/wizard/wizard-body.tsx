import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useCreateAgentMutation } from '@/features/agents/api/create-agent';
import { WizardKnowledgeStep } from '@/features/agents/components/wizard/wizard-knowledge-step';
import { WizardObjectiveStep } from '@/features/agents/components/wizard/wizard-objective-step';
import { WizardPersonalityStep } from '@/features/agents/components/wizard/wizard-personality-step';
import { WizardReviewStep } from '@/features/agents/components/wizard/wizard-review-step';
import { WizardTechnicalStep } from '@/features/agents/components/wizard/wizard-technical-step';
import {
  canProceed,
  toWizardPayload,
  WIZARD_STEPS,
  wizardDefaults,
  type WizardData,
} from '@/features/agents/lib/wizard-state';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

export function WizardBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('agents');
  const [stepIndex, setStepIndex] = useState(0);
  const [data, setData] = useState<WizardData>(wizardDefaults);
  const create = useCreateAgentMutation();
  const step = WIZARD_STEPS[stepIndex] ?? 'objective';
  const total = WIZARD_STEPS.length;
  const percent = Math.round(((stepIndex + 1) / total) * 100);
  const isLast = stepIndex === total - 1;
  const update = (patch: Partial<WizardData>) => setData((current) => ({ ...current, ...patch }));

  function onCreate() {
    create.mutate(toWizardPayload(data), {
      onSuccess: () => {
        toast({
          title: t('toasts.wizardCreatedTitle'),
          description: t('toasts.wizardCreatedDescription'),
        });
        setData(wizardDefaults());
        setStepIndex(0);
        onClose();
      },
      onError: (error) => {
        // A field message ("Texto longo demais" on the prompt) says more than the summary line.
        const detail =
          error instanceof ApiError ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
        toast({
          variant: 'destructive',
          title: t('toasts.wizardFailed'),
          description: detail ?? errorMessage(error, t('toasts.networkError')),
        });
      },
    });
  }

  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <div className="flex justify-between text-sm">
          <span className="font-medium" data-testid="wizard-step">
            {t('wizard.progress', { step: stepIndex + 1, total })}
          </span>
          <span className="text-muted-foreground" data-testid="wizard-percent">
            {t('wizard.percent', { percent })}
          </span>
        </div>
        <Progress value={percent} aria-label={t('wizard.progressLabel')} />
      </div>
      <section aria-labelledby="wizard-step-title" className="grid gap-4">
        <div>
          <h3 id="wizard-step-title" className="text-lg font-semibold text-brand-navy">
            {t(`wizard.steps.${step}.title`)}
          </h3>
          <p className="text-sm text-muted-foreground">{t(`wizard.steps.${step}.description`)}</p>
        </div>
        {step === 'objective' ? <WizardObjectiveStep data={data} update={update} /> : null}
        {step === 'personality' ? <WizardPersonalityStep data={data} update={update} /> : null}
        {step === 'knowledge' ? <WizardKnowledgeStep data={data} update={update} /> : null}
        {step === 'technical' ? <WizardTechnicalStep data={data} update={update} /> : null}
        {step === 'review' ? <WizardReviewStep data={data} /> : null}
      </section>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          disabled={stepIndex === 0}
          onClick={() => setStepIndex((index) => Math.max(0, index - 1))}
        >
          {t('wizard.previous')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onClose}>
            {t('wizard.cancel')}
          </Button>
          {isLast ? (
            <Button variant="brand" disabled={create.isPending} onClick={onCreate}>
              {create.isPending ? t('wizard.creating') : t('wizard.create')}
            </Button>
          ) : (
            <Button
              disabled={!canProceed(stepIndex, data)}
              onClick={() => setStepIndex((index) => Math.min(total - 1, index + 1))}
            >
              {t('wizard.next')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
