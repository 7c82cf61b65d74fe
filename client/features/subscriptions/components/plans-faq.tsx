import { useTranslation } from 'react-i18next';

export function PlansFaq() {
  const { t } = useTranslation();
  const items = t('plansPage.faq.items', { returnObjects: true });
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl">
      <h2 id="faq-title" className="mb-6 text-center text-2xl font-bold text-brand-navy">
        {t('plansPage.faq.title')}
      </h2>
      <dl className="grid gap-4">
        {items.map((item) => (
          <div key={item.question} className="rounded-xl border bg-card p-5 shadow-sm">
            <dt className="font-semibold text-brand-navy">{item.question}</dt>
            <dd className="mt-2 text-muted-foreground">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
