import ptBR from '../../client/locales/pt-BR/errors.json' with { type: 'json' };
import en from '../../client/locales/en/errors.json' with { type: 'json' };

/**
 * The server speaks the user's language for error messages, from the same `errors` catalogue the
 * client uses (client/locales/<lng>/errors.json). pt-BR unless the request prefers English.
 */
export type Language = 'pt-BR' | 'en';

type Catalogue = Record<string, unknown>;
const catalogues: Record<Language, Catalogue> = { 'pt-BR': ptBR, en };

export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'pt-BR';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('en')) return 'en';
  }
  return 'pt-BR';
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a key of the errors catalogue; unknown keys fall back to the generic one. */
export function translate(
  key: string,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const text =
    lookup(catalogues[lang], key) ??
    lookup(catalogues['pt-BR'], key) ??
    lookup(catalogues[lang], 'validation.invalid')!;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * The catalogue an agent's own words to a customer come from (its out-of-hours notice, its
 * reminders): English for an English-speaking agent, else Portuguese (the catalogues have only
 * these two; the agent's other languages read Portuguese, the product's).
 */
export function customerLanguage(agentLanguage: string): Language {
  return agentLanguage === 'en' ? 'en' : 'pt-BR';
}

export function hasKey(key: string): boolean {
  return lookup(catalogues['pt-BR'], key) !== undefined;
}

/**
 * How long to wait, as a person reads it: seconds below a minute, whole minutes (rounded up) from
 * there. Plural forms follow i18next's `_one`/`_other` suffixes, so the client can use the keys.
 */
export function formatWait(seconds: number | undefined, lang: Language): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return translate('wait.moment', lang);
  }
  const whole = Math.ceil(seconds);
  const [unit, count] = whole < 60 ? ['seconds', whole] : ['minutes', Math.ceil(whole / 60)];
  const form = new Intl.PluralRules(lang).select(count) === 'one' ? 'one' : 'other';
  return translate(`wait.${unit}_${form}`, lang, { count });
}
