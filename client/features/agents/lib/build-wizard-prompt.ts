import type { WIZARD_LANGUAGES, WIZARD_STYLES, WizardCategory } from '@common/agent-options';

export type WizardStyle = (typeof WIZARD_STYLES)[number];
export type WizardLanguage = (typeof WIZARD_LANGUAGES)[number];

export interface WizardPromptInput {
  name: string;
  description: string;
  category: WizardCategory;
  style: WizardStyle;
  language: WizardLanguage;
  knowledgeBase?: string;
  customInstructions?: string;
}

// The prompt is what the agent is told, written for Brazilian businesses like the templates of
// common/templates.ts: business content in pt-BR, not interface copy (the agent's reply language
// comes from the language choice).
const ROLES: Record<WizardCategory, string> = {
  'customer-service':
    'um assistente de atendimento ao cliente que responde dúvidas, acompanha pedidos e registra solicitações',
  sales:
    'um assistente de vendas consultivo que entende a necessidade do cliente e recomenda os produtos certos',
  support:
    'um assistente de suporte técnico que ajuda a resolver problemas passo a passo, com instruções simples',
  education:
    'um assistente educacional que explica conteúdos com clareza e orienta alunos e responsáveis',
  healthcare:
    'um assistente de atendimento em saúde que informa serviços e ajuda a agendar, sem nunca dar diagnóstico',
  legal:
    'um assistente de triagem jurídica que entende o caso e agenda a consulta, sem dar parecer jurídico',
  finance:
    'um assistente financeiro que esclarece produtos, cobranças e procedimentos, sem fazer recomendações de investimento personalizadas',
  general: 'um assistente virtual prestativo que ajuda os clientes com as dúvidas do dia a dia',
};

const STYLES: Record<WizardStyle, string> = {
  professional: 'Seja profissional, claro e cordial.',
  friendly: 'Seja amigável, acolhedor e próximo, sem perder a educação.',
  expert: 'Fale como um especialista experiente: preciso, seguro e didático.',
  casual: 'Seja descontraído e leve, com linguagem simples do dia a dia.',
  enthusiastic: 'Seja entusiasmado e positivo, transmitindo energia nas respostas.',
};

const LANGUAGES: Record<WizardLanguage, string> = {
  pt: 'português do Brasil',
  en: 'inglês',
  es: 'espanhol',
  fr: 'francês',
};

export const KNOWLEDGE_HEADING = '## Conhecimento específico';
export const INSTRUCTIONS_HEADING = '## Instruções especiais';

/**
 * The system prompt the creation wizard sends: role from the category, tone from the style, the
 * reply language, the grounding rules, then the optional special instructions and the knowledge
 * text appended under a heading of their own.
 */
export function buildWizardPrompt(input: WizardPromptInput): string {
  const name = input.name.trim();
  const description = input.description.trim();
  const sections = [
    `Você é ${name}, ${ROLES[input.category]}.` +
      (description ? `\nSua função: ${description}` : ''),
    `## Personalidade e estilo\n${STYLES[input.style]} Responda sempre em ${LANGUAGES[input.language]}, com mensagens curtas e adequadas para chat.`,
    '## Regras\n' +
      '- Responda com base nas informações do negócio; se não souber algo, diga com honestidade que vai verificar.\n' +
      '- Nunca invente preços, prazos, políticas ou dados que não foram informados.\n' +
      '- Ofereça encaminhar para uma pessoa da equipe quando o cliente pedir ou quando você não puder resolver.',
  ];
  const instructions = input.customInstructions?.trim();
  if (instructions) sections.push(`${INSTRUCTIONS_HEADING}\n${instructions}`);
  const knowledge = input.knowledgeBase?.trim();
  if (knowledge) sections.push(`${KNOWLEDGE_HEADING}\n${knowledge}`);
  return sections.join('\n\n');
}
