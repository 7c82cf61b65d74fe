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
import enHome from '@/locales/en/home.json';
import enInbox from '@/locales/en/inbox.json';
import enNotifications from '@/locales/en/notifications.json';
import enSimulator from '@/locales/en/simulator.json';
import enUiApp from '@/locales/en/ui.app.json';
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
import ptHome from '@/locales/pt-BR/home.json';
import ptInbox from '@/locales/pt-BR/inbox.json';
import ptNotifications from '@/locales/pt-BR/notifications.json';
import ptSimulator from '@/locales/pt-BR/simulator.json';
import ptUiApp from '@/locales/pt-BR/ui.app.json';
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
  ["ui (the signed-in screens' part)", ptUiApp, enUiApp],
  ['errors', ptErrors, enErrors],
  ['agents', ptAgents, enAgents],
  ['home', ptHome, enHome],
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

  it('keeps the two files of `ui` apart: no top-level key in both (they are merged as is)', () => {
    const pairs: [object, object][] = [
      [ptUi, ptUiApp],
      [enUi, enUiApp],
    ];
    for (const [publicTexts, appTexts] of pairs) {
      const shared = Object.keys(appTexts).filter((key) => key in publicTexts);
      expect(shared).toEqual([]);
    }
  });

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
        ptUiApp,
        ptErrors,
        ptAgents,
        ptHome,
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
        enUiApp,
        enErrors,
        enAgents,
        enHome,
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

/**
 * The pt-BR catalogues' one rule for capitals: sentence case — a capital starts a sentence, a
 * name keeps its own (below) and an acronym stays upper case. The exceptions are the texts the
 * product's specification gives in title case (buttons and labels it names word for word).
 */
const NAMES = new Set(
  (
    'WhatsApp Business Meta Facebook Pix Google Agenda Drive Planilhas Documentos Mercado Pago Evolution ' +
    'OpenAI Apple Brasil Brasília Paulo Code Bearer OAuth Markdown Agent Builder ' +
    'Padrão Básico Multi Consultoria Standard ' +
    // the sections, named where a text sends the owner: "em Conversas", "Configurações › …"
    'Conversas Configurações Assinatura Agentes'
  ).split(' '),
);
const SPEC_TITLE_CASE = new Set([
  'Mais Popular',
  'Passo 1 de 2: Escolha seu plano',
  'Plano Selecionado',
  'Criar Rápido',
  'Copiar e Fechar',
  'Pronto para Configurar',
  'Iniciar Monitoramento',
  'Ativar Monitoramento',
  'Criar Instância WhatsApp',
  'Nome do Agente',
  'Base de Conhecimento',
  'WhatsApp Conectado!',
  'Situação inválida: use Rascunho, Em Teste ou Ativo',
  'Em Teste',
]);
/** Keys whose texts are examples, content or names, not the interface's own words. */
const NOT_LABELS =
  /(placeholder|example|Placeholder|timeZones|timeZoneNames|language\.|defaultName)/;

/** The words of a short label written with a capital where sentence case has none. */
function stray(text: string): string[] {
  const plain = text.replace(/\{\{[^}]*\}\}/g, '').replace(/"[^"]*"|“[^”]*”/g, '');
  const words = plain.split(/\s+/);
  return words.filter((word, index) => {
    const bare = word.replace(/^[(«]+|[^\p{L}]+$/gu, '');
    if (index === 0 || bare.length < 2 || !/^\p{Lu}/u.test(bare)) return false;
    if (bare === bare.toUpperCase() || NAMES.has(bare)) return false;
    return !/[.!?:]$/.test(words[index - 1] ?? '');
  });
}

describe('pt-BR capitals', () => {
  it('finds a capital that sentence case would not write', () => {
    expect(stray('Estilo de Resposta')).toEqual(['Resposta']);
    expect(stray('Conectar o WhatsApp. Depois teste em Conversas')).toEqual([]);
    expect(stray('Enviar PDF para o Google Planilhas')).toEqual([]);
  });

  it.each(NAMESPACES)('the %s namespace writes its labels in sentence case', (_ns, pt) => {
    const found = [...leaves(pt)]
      .filter(([path, text]) => !NOT_LABELS.test(path) && !SPEC_TITLE_CASE.has(text))
      .filter(([, text]) => text.length < 60 && !text.trim().endsWith('.'))
      .filter(([, text]) => stray(text).length > 0)
      .map(([path, text]) => `${path}: ${text}`);
    expect(found).toEqual([]);
  });
});
