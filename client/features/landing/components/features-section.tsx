import { Bot, Database, FlaskConical, Globe, MessageCircle, Workflow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/features/landing/components/section-heading';

// Same order as landing.features.items in the catalogues.
const ICONS = [Bot, Database, Workflow, MessageCircle, FlaskConical, Globe];

export function FeaturesSection() {
  const { t } = useTranslation();
  const items = t('landing.features.items', { returnObjects: true });
  return (
    <section id="recursos" aria-labelledby="recursos-title" className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="recursos-title"
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => {
            const Icon = ICONS[index] ?? Bot;
            return (
              <li key={item.title} className="rounded-xl border bg-card p-6 shadow-sm">
                <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-brand-navy text-brand-lime">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="text-lg font-semibold text-brand-navy">{item.title}</h3>
                <p className="mt-2 text-muted-foreground">{item.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
