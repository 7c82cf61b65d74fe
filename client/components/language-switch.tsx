import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const SHORT: Record<Language, string> = { 'pt-BR': 'PT', en: 'EN' };

/** PT/EN toggle; the choice is remembered on this browser. */
export function LanguageSwitch({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex gap-1">
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={active === lng}
          onClick={() => void changeLanguage(lng)}
          className={cn(
            'rounded px-2 py-1 text-xs font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-lime',
            tone === 'light'
              ? 'text-white/70 hover:text-white aria-pressed:bg-white/15 aria-pressed:text-white'
              : 'text-muted-foreground hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground',
          )}
        >
          {/* The accessible name starts with the letters on screen (PT, EN), then says them whole. */}
          {SHORT[lng]}
          <span className="sr-only"> {t(lng === 'en' ? 'language.en' : 'language.ptBR')}</span>
        </button>
      ))}
    </div>
  );
}
