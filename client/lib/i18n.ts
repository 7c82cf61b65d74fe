import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAgents from '@/locales/en/agents.json';
import enBilling from '@/locales/en/billing.json';
import enConsole from '@/locales/en/console.json';
import enErrors from '@/locales/en/errors.json';
import enEvolution from '@/locales/en/evolution.json';
import enSimulator from '@/locales/en/simulator.json';
import enUi from '@/locales/en/ui.json';
import enWebchat from '@/locales/en/webchat.json';
import enWhatsapp from '@/locales/en/whatsapp.json';
import ptAgents from '@/locales/pt-BR/agents.json';
import ptBilling from '@/locales/pt-BR/billing.json';
import ptConsole from '@/locales/pt-BR/console.json';
import ptErrors from '@/locales/pt-BR/errors.json';
import ptEvolution from '@/locales/pt-BR/evolution.json';
import ptSimulator from '@/locales/pt-BR/simulator.json';
import ptUi from '@/locales/pt-BR/ui.json';
import ptWebchat from '@/locales/pt-BR/webchat.json';
import ptWhatsapp from '@/locales/pt-BR/whatsapp.json';

export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

const STORAGE_KEY = 'lang';

export const resources = {
  'pt-BR': {
    ui: ptUi,
    errors: ptErrors,
    agents: ptAgents,
    billing: ptBilling,
    console: ptConsole,
    webchat: ptWebchat,
    whatsapp: ptWhatsapp,
    evolution: ptEvolution,
    simulator: ptSimulator,
  },
  en: {
    ui: enUi,
    errors: enErrors,
    agents: enAgents,
    billing: enBilling,
    console: enConsole,
    webchat: enWebchat,
    whatsapp: enWhatsapp,
    evolution: enEvolution,
    simulator: enSimulator,
  },
} as const;

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
  await i18n.changeLanguage(lng);
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
  document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: [
    'ui',
    'errors',
    'agents',
    'billing',
    'console',
    'webchat',
    'whatsapp',
    'evolution',
    'simulator',
  ],
  defaultNS: 'ui',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export { i18n };
