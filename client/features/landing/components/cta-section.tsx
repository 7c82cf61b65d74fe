import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

export function CtaSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="bg-brand-navy py-20 text-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mt-4 text-lg text-white/80">{t('landing.cta.subtitle')}</p>
        <Button asChild variant="brand" size="lg" className="mt-8">
          <Link href="/plans">{t('landing.cta.button')}</Link>
        </Button>
      </div>
    </section>
  );
}
