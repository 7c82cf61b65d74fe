import { PLANS } from '@common/plans';
import { describe, expect, it } from 'vitest';
import enAnalytics from '@/locales/en/analytics.json';
import enAgents from '@/locales/en/agents.json';
import enAppointments from '@/locales/en/appointments.json';
import enBilling from '@/locales/en/billing.json';
import enConsole from '@/locales/en/console.json';
import enContacts from '@/locales/en/contacts.json';
import enErrors from '@/locales/en/errors.json';
import enEvolution from '@/locales/en/evolution.json';
import enInbox from '@/locales/en/inbox.json';
import enNotifications from '@/locales/en/notifications.json';
import enSimulator from '@/locales/en/simulator.json';
import enUi from '@/locales/en/ui.json';
import enUnanswered from '@/locales/en/unanswered.json';
import enWebchat from '@/locales/en/webchat.json';
import enWhatsapp from '@/locales/en/whatsapp.json';
import ptAnalytics from '@/locales/pt-BR/analytics.json';
import ptAgents from '@/locales/pt-BR/agents.json';
import ptAppointments from '@/locales/pt-BR/appointments.json';
import ptBilling from '@/locales/pt-BR/billing.json';
import ptConsole from '@/locales/pt-BR/console.json';
import ptContacts from '@/locales/pt-BR/contacts.json';
import ptErrors from '@/locales/pt-BR/errors.json';
import ptEvolution from '@/locales/pt-BR/evolution.json';
import ptInbox from '@/locales/pt-BR/inbox.json';
import ptNotifications from '@/locales/pt-BR/notifications.json';
import ptSimulator from '@/locales/pt-BR/simulator.json';
import ptUi from '@/locales/pt-BR/ui.json';
import ptUnanswered from '@/locales/pt-BR/unanswered.json';
import ptWebchat from '@/locales/pt-BR/webchat.json';
import ptWhatsapp from '@/locales/pt-BR/whatsapp.json';

/** Every leaf with its text, keyed by its path; array items count, so lists keep their length. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    } else found.set(path, String(node));
  };
  walk(value, prefix);
  return found;
}

/** The interpolation variables of a text ({{name}}, and i18next's {hotkey} of Radix), sorted. */
function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|\{(\w+)\}/g)]
    .map((match) => match[1] ?? match[2] ?? '')
    .sort();
}

/** The paths of the texts that are empty or only spaces. */
function emptyLeaves(value: unknown): string[] {
  return [...leaves(value)].filter(([, text]) => text.trim() === '').map(([path]) => path);
}

/** Every namespace: its name, the pt-BR catalogue and the English one. */
const NAMESPACES: [string, unknown, unknown][] = [
  ['ui', ptUi, enUi],
  ['errors', ptErrors, enErrors],
  ['agents', ptAgents, enAgents],
  ['billing', ptBilling, enBilling],
  ['console', ptConsole, enConsole],
  ['webchat', ptWebchat, enWebchat],
  ['whatsapp', ptWhatsapp, enWhatsapp],
  ['evolution', ptEvolution, enEvolution],
  ['simulator', ptSimulator, enSimulator],
  ['inbox', ptInbox, enInbox],
  ['notifications', ptNotifications, enNotifications],
  ['analytics', ptAnalytics, enAnalytics],
  ['unanswered', ptUnanswered, enUnanswered],
  ['contacts', ptContacts, enContacts],
  ['appointments', ptAppointments, enAppointments],
];

describe('locale catalogues', () => {
  it.each(NAMESPACES)('pt-BR and en have the same keys in the %s namespace', (_ns, pt, en) => {
    expect([...leaves(en).keys()].sort()).toEqual([...leaves(pt).keys()].sort());
  });

  it.each(NAMESPACES)(
    'pt-BR and en use the same interpolation variables in the %s namespace',
    (_ns, pt, en) => {
      const enLeaves = leaves(en);
      const mismatches = [...leaves(pt)]
        .filter(([path, text]) => {
          const other = enLeaves.get(path);
          return other !== undefined && variables(other).join() !== variables(text).join();
        })
        .map(([path, text]) => `${path}: ${text} / ${enLeaves.get(path)}`);
      expect(mismatches).toEqual([]);
    },
  );

  it('finds the interpolation variables of a text', () => {
    expect(variables('Olá, {{name}}! {{ count }} de {{total, number}} ({hotkey})')).toEqual([
      'count',
      'hotkey',
      'name',
      'total',
    ]);
  });

  it.each([
    [
      'pt-BR',
      {
        ptUi,
        ptErrors,
        ptAgents,
        ptBilling,
        ptConsole,
        ptWebchat,
        ptWhatsapp,
        ptEvolution,
        ptSimulator,
      },
    ],
    [
      'en',
      {
        enUi,
        enErrors,
        enAgents,
        enBilling,
        enConsole,
        enWebchat,
        enWhatsapp,
        enEvolution,
        enSimulator,
      },
    ],
  ])('%s has no empty texts', (_lng, catalogue) => {
    expect(emptyLeaves(catalogue)).toEqual([]);
  });

  it.each([
    ['pt-BR', ptUi],
    ['en', enUi],
  ])('%s lists as many plan features and limitations as common/plans.ts says', (_lng, ui) => {
    for (const plan of PLANS) {
      expect(ui.plans[plan.id].features, plan.id).toHaveLength(plan.featureCount);
      expect(ui.plans[plan.id].limitations, plan.id).toHaveLength(plan.limitationCount);
    }
  });
});
