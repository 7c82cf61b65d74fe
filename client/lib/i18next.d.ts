import 'i18next';
import type analytics from '@/locales/pt-BR/analytics.json';
import type appointments from '@/locales/pt-BR/appointments.json';
import type agents from '@/locales/pt-BR/agents.json';
import type billing from '@/locales/pt-BR/billing.json';
import type consoleNs from '@/locales/pt-BR/console.json';
import type contacts from '@/locales/pt-BR/contacts.json';
import type errors from '@/locales/pt-BR/errors.json';
import type evolution from '@/locales/pt-BR/evolution.json';
import type home from '@/locales/pt-BR/home.json';
import type inbox from '@/locales/pt-BR/inbox.json';
import type notifications from '@/locales/pt-BR/notifications.json';
import type simulator from '@/locales/pt-BR/simulator.json';
import type ui from '@/locales/pt-BR/ui.json';
import type uiApp from '@/locales/pt-BR/ui.app.json';
import type unanswered from '@/locales/pt-BR/unanswered.json';
import type webchat from '@/locales/pt-BR/webchat.json';
import type whatsapp from '@/locales/pt-BR/whatsapp.json';

// JSON `[]` is inferred as never[], which sends i18next's key types into endless recursion;
// an empty list in a catalogue is a list of strings.
type EmptyListsAsStrings<T> = [T] extends [readonly never[]]
  ? string[]
  : T extends readonly (infer U)[]
    ? EmptyListsAsStrings<U>[]
    : T extends object
      ? { [K in keyof T]: EmptyListsAsStrings<T[K]> }
      : T;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: {
      // one namespace in two files (lib/i18n.ts)
      ui: EmptyListsAsStrings<typeof ui & typeof uiApp>;
      errors: typeof errors;
      agents: EmptyListsAsStrings<typeof agents>;
      home: EmptyListsAsStrings<typeof home>;
      billing: EmptyListsAsStrings<typeof billing>;
      console: EmptyListsAsStrings<typeof consoleNs>;
      webchat: EmptyListsAsStrings<typeof webchat>;
      whatsapp: EmptyListsAsStrings<typeof whatsapp>;
      evolution: EmptyListsAsStrings<typeof evolution>;
      simulator: EmptyListsAsStrings<typeof simulator>;
      inbox: EmptyListsAsStrings<typeof inbox>;
      notifications: EmptyListsAsStrings<typeof notifications>;
      analytics: EmptyListsAsStrings<typeof analytics>;
      unanswered: EmptyListsAsStrings<typeof unanswered>;
      contacts: EmptyListsAsStrings<typeof contacts>;
      appointments: EmptyListsAsStrings<typeof appointments>;
    };
  }
}
