import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';

const ANCHORS = [
  ['#recursos', 'landing.nav.features'],
  ['#como-funciona', 'landing.nav.howItWorks'],
  ['#planos', 'landing.nav.pricing'],
  ['#depoimentos', 'landing.nav.testimonials'],
] as const;

export function LandingHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-brand-navy/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo href="/" tone="light" />
        <nav aria-label={t('landing.nav.label')} className="hidden lg:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-white/80">
            {ANCHORS.map(([href, key]) => (
              <li key={href}>
                <a href={href} className="rounded hover:text-white focus-visible:outline-2">
                  {t(key)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghostOnDark">
            <Link href="/auth">{t('landing.nav.signIn')}</Link>
          </Button>
          <Button asChild variant="brand" className="max-sm:hidden">
            <Link href="/plans">{t('landing.nav.getStarted')}</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
