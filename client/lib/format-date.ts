import { currentLanguage } from '@/lib/i18n';

/** A date as people in Brazil read it: shown in America/São Paulo time. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'long',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
}
