import { stripPlaceholderLines } from '@common/placeholders';
import { estimateTokens } from '../../lib/tokens';
import type { Passage } from '../knowledge';

export interface PromptAgent {
  name: string;
  systemPrompt: string;
  responseStyle: string;
  language: string;
  knowledgeBase: string | null;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

const STYLE_INSTRUCTIONS: Record<string, string> = {
  professional: 'Use um tom profissional, claro e cordial.',
  casual: 'Use um tom descontraído e próximo, sem perder a educação.',
  technical: 'Use um tom técnico e preciso, explicando termos quando necessário.',
  creative: 'Use um tom criativo e envolvente.',
  friendly: 'Use um tom amigável e acolhedor.',
  expert: 'Responda como um especialista experiente, com segurança e precisão.',
  enthusiastic: 'Use um tom entusiasmado e positivo.',
};

const LANGUAGE_NAMES: Record<string, string> = {
  pt: 'português do Brasil',
  en: 'inglês',
  es: 'espanhol',
  fr: 'francês',
  de: 'alemão',
  it: 'italiano',
};

/** Knowledge text longer than this is not pasted whole; its best passages arrive as excerpts. */
export const KNOWLEDGE_INLINE_LIMIT = 6000;

/**
 * The system prompt every channel uses: the owner's prompt, style, language, the
 * business knowledge and the passages retrieved for this turn, with the grounding rule.
 */
export function buildSystemPrompt(agent: PromptAgent, passages: Passage[]): string {
  // What still needs a template placeholder is left out: the model would repeat it to a customer.
  const parts = [stripPlaceholderLines(agent.systemPrompt)];
  parts.push(
    [
      `Você é "${agent.name}".`,
      STYLE_INSTRUCTIONS[agent.responseStyle] ?? STYLE_INSTRUCTIONS.professional,
      `Responda sempre em ${LANGUAGE_NAMES[agent.language] ?? LANGUAGE_NAMES.pt}, a menos que o cliente escreva claramente em outro idioma.`,
    ].join(' '),
  );
  const knowledge = agent.knowledgeBase ? stripPlaceholderLines(agent.knowledgeBase) : '';
  if (knowledge && knowledge.length <= KNOWLEDGE_INLINE_LIMIT) {
    parts.push(`## Informações do negócio\n${knowledge}`);
  }
  if (passages.length > 0) {
    const excerpts = passages
      .map(
        (p, i) =>
          `[${i + 1}] (${p.source}${p.page ? `, p. ${p.page}` : ''})\n${stripPlaceholderLines(p.content)}`,
      )
      .join('\n\n');
    parts.push(`## Trechos relevantes encontrados para esta pergunta\n${excerpts}`);
  }
  parts.push(
    '## Regras\n' +
      '- Quando a pergunta for sobre o negócio (produtos, preços, horários, políticas, serviços), responda somente com base nas informações e trechos acima.\n' +
      '- Se a resposta não estiver nessas informações, diga com honestidade que não tem essa informação e ofereça encaminhar para uma pessoa da equipe. Nunca invente preços, prazos ou políticas.\n' +
      '- Seja objetivo: respostas curtas, adequadas para chat.',
  );
  return parts.join('\n\n');
}

/**
 * The most recent turns that fit both limits, oldest first, never starting with an assistant turn
 * orphaned from its question.
 */
export function memoryWindow(
  turns: ChatTurn[],
  limits: { maxTurns: number; maxTokens: number },
): ChatTurn[] {
  const picked: ChatTurn[] = [];
  let tokens = 0;
  for (let i = turns.length - 1; i >= 0 && picked.length < limits.maxTurns; i--) {
    const turn = turns[i]!;
    const cost = estimateTokens(turn.content);
    if (tokens + cost > limits.maxTokens) break;
    tokens += cost;
    picked.unshift(turn);
  }
  while (picked[0]?.role === 'assistant') picked.shift();
  return picked;
}
