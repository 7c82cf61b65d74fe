import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-white/10 bg-brand-navy text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Logo href="/" tone="light" />
          <p className="text-sm text-white/70">{t('landing.footer.tagline')}</p>
        </div>
        <div className="flex flex-col gap-3 sm:items-end">
          <LanguageSwitch tone="light" />
          <p className="text-xs text-white/60">
            {t('landing.footer.rights', { year: new Date().getFullYear() })}
          </p>
        </div>
      </div>
    </footer>
  );
}
