import { CheckCircle2, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const STEPS = ['copy', 'paste', 'done'] as const;
const FEATURES = ['responsive', 'colors', 'agent', 'unlimited', 'light'] as const;
const NOTES = ['active', 'responsive', 'css', 'api', 'limits'] as const;

/** The three installation steps and the feature list of the webchat dialog. */
export function WebchatSteps() {
  const { t } = useTranslation('webchat');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ol className="grid gap-3" aria-label={t('dialog.stepsLabel')}>
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-navy text-xs font-bold text-brand-lime">
              {index + 1}
            </span>
            <div className="text-sm">
              <p className="font-medium">{t(`dialog.steps.${step}.title`)}</p>
              <p className="text-muted-foreground">{t(`dialog.steps.${step}.description`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <p className="mb-2 text-sm font-medium">{t('dialog.featuresTitle')}</p>
        <ul className="grid gap-1.5 text-sm">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-600" />
              {t(`dialog.features.${feature}`)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function WebchatNotes() {
  const { t } = useTranslation('webchat');
  return (
    <div className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
      <p className="mb-1 flex items-center gap-2 font-medium">
        <Info aria-hidden="true" className="size-4" />
        {t('dialog.notesTitle')}
      </p>
      <ul className="list-disc space-y-0.5 pl-6" data-testid="webchat-notes">
        {NOTES.map((note) => (
          <li key={note}>{t(`dialog.notes.${note}`)}</li>
        ))}
      </ul>
    </div>
  );
}
