import type { AgentTemplate } from '@common/templates';
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
import { WizardTemplatesOffer } from '@/features/agents/components/wizard/wizard-templates-offer';
import {
  errorsAtStep,
  payloadErrors,
  stepErrors,
  toWizardPayload,
  WIZARD_STEPS,
  wizardDefaults,
  type WizardData,
  type WizardErrors,
} from '@/features/agents/lib/wizard-state';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

interface WizardBodyProps {
  onClose: () => void;
  /** picking a template in step 1 leaves the wizard for it */
  onUseTemplate?: ((template: AgentTemplate) => void) | undefined;
}

export function WizardBody({ onClose, onUseTemplate }: WizardBodyProps) {
  const { t } = useTranslation('agents');
  const [stepIndex, setStepIndex] = useState(0);
  const [data, setData] = useState<WizardData>(wizardDefaults);
  // Próximo stays enabled: pressed too early, it shows under each field what is missing, and
  // those messages follow the typing until the step is complete.
  const [checked, setChecked] = useState(false);
  // Messages the whole payload's check or the server gave, until the owner edits again.
  const [refused, setRefused] = useState<WizardErrors>({});
  const create = useCreateAgentMutation();
  const step = WIZARD_STEPS[stepIndex] ?? 'objective';
  const total = WIZARD_STEPS.length;
  const percent = Math.round(((stepIndex + 1) / total) * 100);
  const isLast = stepIndex === total - 1;
  const errors: WizardErrors = { ...refused, ...(checked ? stepErrors(stepIndex, data) : {}) };
  const update = (patch: Partial<WizardData>) => {
    setRefused({});
    setData((current) => ({ ...current, ...patch }));
  };

  function goTo(index: number) {
    setChecked(false);
    setStepIndex(index);
  }

  function onNext() {
    if (Object.keys(stepErrors(stepIndex, data)).length > 0) {
      setChecked(true);
      return;
    }
    goTo(Math.min(total - 1, stepIndex + 1));
  }

  function showRefused(placed: { step: number; errors: WizardErrors }) {
    goTo(placed.step);
    setRefused(placed.errors);
  }

  function onCreate() {
    const invalid = payloadErrors(data);
    if (invalid) {
      showRefused(invalid);
      return;
    }
    create.mutate(toWizardPayload(data), {
      onSuccess: () => {
        toast({
          title: t('toasts.wizardCreatedTitle'),
          description: t(
            data.status === 'active'
              ? 'toasts.wizardCreatedActive'
              : 'toasts.wizardCreatedDescription',
          ),
        });
        setData(wizardDefaults());
        goTo(0);
        onClose();
      },
      onError: (error) => {
        // A field the server refused is shown on its field, in its step, and nowhere else.
        const fieldErrors: WizardErrors = {};
        if (error instanceof ApiError) {
          for (const [field, [message]] of Object.entries(error.fieldErrors)) {
            if (message) fieldErrors[field as keyof WizardErrors] = message;
          }
        }
        const placed = errorsAtStep(fieldErrors);
        if (placed) {
          showRefused(placed);
          return;
        }
        toast({
          variant: 'destructive',
          title: t('toasts.wizardFailed'),
          description: errorMessage(error, t('toasts.networkError')),
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
      {stepIndex === 0 && onUseTemplate ? <WizardTemplatesOffer onPick={onUseTemplate} /> : null}
      <section aria-labelledby="wizard-step-title" className="grid gap-4">
        <div>
          <h3 id="wizard-step-title" className="text-lg font-semibold text-brand-navy">
            {t(`wizard.steps.${step}.title`)}
          </h3>
          <p className="text-sm text-muted-foreground">{t(`wizard.steps.${step}.description`)}</p>
        </div>
        {step === 'objective' ? (
          <WizardObjectiveStep data={data} update={update} errors={errors} />
        ) : null}
        {step === 'personality' ? (
          <WizardPersonalityStep data={data} update={update} errors={errors} />
        ) : null}
        {step === 'knowledge' ? (
          <WizardKnowledgeStep data={data} update={update} errors={errors} />
        ) : null}
        {step === 'technical' ? (
          <WizardTechnicalStep data={data} update={update} errors={errors} />
        ) : null}
        {step === 'review' ? <WizardReviewStep data={data} update={update} /> : null}
      </section>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        <Button
          variant="outline"
          disabled={stepIndex === 0}
          onClick={() => goTo(Math.max(0, stepIndex - 1))}
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
            <Button onClick={onNext}>{t('wizard.next')}</Button>
          )}
        </div>
      </div>
    </div>
  );
}
