import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '@/features/landing/components/section-heading';

export function TestimonialsSection() {
  const { t } = useTranslation();
  const items = t('landing.testimonials.items', { returnObjects: true });
  return (
    <section
      id="depoimentos"
      aria-labelledby="depoimentos-title"
      className="scroll-mt-16 bg-muted py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="depoimentos-title"
          title={t('landing.testimonials.title')}
          subtitle={t('landing.testimonials.subtitle')}
        />
        <ul className="grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-xl bg-card p-6 shadow-sm">
                <Quote aria-hidden="true" className="mb-4 size-6 text-brand-lime-dark" />
                <blockquote className="flex-1 text-pretty">{item.quote}</blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold text-brand-navy">{item.name}</span>
                  <span className="text-muted-foreground"> · {item.business}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
