/**
 * Every dashboard section has a path of its own (ADR 0034): a link that can be bookmarked, opened
 * in a new tab, reloaded and walked with Back and Forward. What a section has chosen and should
 * survive a reload is in the query: the agent under test (`?agente=`), the open conversation
 * (`?conversa=`). The tools for integrators live under `/dashboard/avancado/`.
 */
export const SECTION_PATHS = {
  dashboard: '/dashboard',
  agents: '/dashboard/agentes',
  whatsapp: '/dashboard/whatsapp',
  conversations: '/dashboard/conversas',
  unanswered: '/dashboard/perguntas-sem-resposta',
  contacts: '/dashboard/contatos',
  appointments: '/dashboard/agenda',
  analytics: '/dashboard/relatorios',
  templates: '/dashboard/modelos',
  testing: '/dashboard/teste',
  settings: '/dashboard/configuracoes',
  'whatsapp-instances': '/dashboard/avancado/instancias-whatsapp',
  'whatsapp-test': '/dashboard/avancado/testes-whatsapp',
  evolution: '/dashboard/avancado/api-evolution',
} as const;

export type SectionId = keyof typeof SECTION_PATHS;

/** The sections in the sidebar's order; the advanced ones last, in their own folded group. */
export const SECTION_IDS = Object.keys(SECTION_PATHS) as SectionId[];

/** The integrators' tools, under 'Avançado': a business owner needs none of them. */
export const ADVANCED_SECTION_IDS: readonly SectionId[] = [
  'whatsapp-instances',
  'whatsapp-test',
  'evolution',
];

export function isAdvancedSection(id: SectionId): boolean {
  return ADVANCED_SECTION_IDS.includes(id);
}

/** What a section was opened on, carried in its query. */
export interface SectionOptions {
  /** the agent the testing section opens with */
  agentId?: number | undefined;
  /** the conversation the inbox opens */
  conversationId?: number | undefined;
}

const QUERY = { agentId: 'agente', conversationId: 'conversa' } as const;

/** The path of a section, with what it was opened on. */
export function sectionPath(section: SectionId, options: SectionOptions = {}): string {
  const query = new URLSearchParams();
  if (section === 'testing' && options.agentId !== undefined)
    query.set(QUERY.agentId, String(options.agentId));
  if (section === 'conversations' && options.conversationId !== undefined)
    query.set(QUERY.conversationId, String(options.conversationId));
  const search = query.toString();
  return search ? `${SECTION_PATHS[section]}?${search}` : SECTION_PATHS[section];
}

/** The section a path names (a trailing slash allowed), or null for a path no section has. */
export function sectionOfPath(pathname: string): SectionId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTION_IDS.find((id) => SECTION_PATHS[id] === path) ?? null;
}

function positiveId(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  return Number(value);
}

/** What the query says a section was opened on; anything that is not an id is ignored. */
export function sectionOptionsOf(search: string): SectionOptions {
  const query = new URLSearchParams(search);
  return {
    agentId: positiveId(query.get(QUERY.agentId)),
    conversationId: positiveId(query.get(QUERY.conversationId)),
  };
}
