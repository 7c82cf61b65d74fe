import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/features/landing/components/section-heading';

export function HowItWorksSection() {
  const { t } = useTranslation();
  const steps = t('landing.howItWorks.steps', { returnObjects: true });
  return (
    <section
      id="como-funciona"
      aria-labelledby="como-funciona-title"
      className="scroll-mt-16 bg-muted py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="como-funciona-title"
          title={t('landing.howItWorks.title')}
          subtitle={t('landing.howItWorks.subtitle')}
        />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-xl bg-card p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="mb-4 inline-flex size-10 items-center justify-center rounded-full bg-brand-lime text-lg font-bold text-brand-navy"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold text-brand-navy">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
