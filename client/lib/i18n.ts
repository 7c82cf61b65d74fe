import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import ptUi from '@/locales/pt-BR/ui.json';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** The catalogues (`client/locales/<language>/<namespace>.json`). */
export const NAMESPACES = [
  'ui',
  'errors',
  'agents',
  'home',
  'billing',
  'console',
  'webchat',
  'whatsapp',
  'evolution',
  'simulator',
  'inbox',
  'notifications',
  'analytics',
  'unanswered',
  'contacts',
  'appointments',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const STORAGE_KEY = 'lang';

/**
 * Every catalogue is a chunk of its own, fetched the first time a screen asks for its namespace
 * (useTranslation('agents') suspends until it is here; screens with forms ask for `errors`
 * before they render, see app/router.tsx, except the sign-in page, which fetches it with its
 * forms' validation: features/auth/hooks/use-schema-form.ts) or the language changes. Only the default language's
 * `ui`, which every page uses, ships in the first bundle: all nine catalogues of both languages
 * were 30 KB (brotli) of the landing page's first load.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

async function loadCatalogue(lng: string, ns: string): Promise<Record<string, unknown>> {
  const load = catalogues[`../locales/${lng}/${ns}.json`];
  if (!load) throw new Error(`no catalogue ${lng}/${ns}`);
  return (await load()).default;
}

/** Fetches namespaces of the current language before a screen that needs them renders. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await i18n.loadNamespaces([...namespaces]);
}

/**
 * `ui` comes in two files: `ui.json`, what every page reads, and `ui.app.json`, the texts only
 * the screens that read the API show (the dashboard's frame, agents' status, time zones, models, the
 * subscription): a third of `ui`, kept out of the public pages' first load. Their top-level keys
 * are disjoint (i18n-catalogues.test.ts), so the second is merged into the namespace as is.
 */
let appTextsWanted = false;
const appTextsIn = new Set<string>();

async function addAppTexts(lng: Language): Promise<void> {
  if (appTextsIn.has(lng)) return;
  // Both files when `ui` is not here yet in this language: once it holds any text, i18next
  // takes the namespace as loaded.
  const [publicTexts, appTexts] = await Promise.all([
    i18n.hasResourceBundle(lng, 'ui') ? null : loadCatalogue(lng, 'ui'),
    loadCatalogue(lng, 'ui.app'),
  ]);
  i18n.addResourceBundle(lng, 'ui', { ...publicTexts, ...appTexts }, true, false);
  appTextsIn.add(lng);
}

/** Merges the signed-in screens' texts into `ui`, in this language and any chosen later. */
export async function loadAppTexts(): Promise<void> {
  appTextsWanted = true;
  await addAppTexts(currentLanguage());
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, sandboxed iframes): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers the choice on this browser. */
export async function changeLanguage(lng: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Not persisted; the switch still applies to this visit.
  }
  await loadLoadedNamespaces(lng);
  if (appTextsWanted) await addAppTexts(lng);
  await i18n.changeLanguage(lng);
}

/**
 * Fetches, in `lng`, every catalogue the current language has loaded: the screen on show then
 * switches in one render, instead of suspending into its skeleton while they arrive.
 */
async function loadLoadedNamespaces(lng: Language): Promise<void> {
  const loaded = Object.keys(i18n.store.data[currentLanguage()] ?? {});
  const missing = loaded.filter((ns) => !i18n.hasResourceBundle(lng, ns));
  await Promise.all(
    missing.map(async (ns) => {
      i18n.addResourceBundle(lng, ns, await loadCatalogue(lng, ns), true, true);
    }),
  );
}

/** Translates a message that may be an `errors` key (client zod) or a ready text (server). */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  if (!i18n.exists(message, { ns: 'errors' })) return message;
  // The key is only known at run time, so the typed-key overloads of t() cannot apply.
  const translate = i18n.getFixedT(null, 'errors') as unknown as (key: string) => string;
  return translate(message);
}

i18n.on('languageChanged', (lng) => {
  // Also runs at build time, when the public pages are rendered to HTML without a document.
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

void i18n
  .use(resourcesToBackend(loadCatalogue))
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: { ui: ptUi } },
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: ['ui'],
    defaultNS: 'ui',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

export { i18n };
