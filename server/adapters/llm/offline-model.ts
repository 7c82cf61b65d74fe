import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { estimateTokens } from '../../lib/tokens';

/**
 * The offline provider: no network, no model weights. It implements the AI SDK's
 * language-model interface, so the runtime drives it exactly like a real provider. It greets,
 * answers with the best passages of the agent's own knowledge, and otherwise says honestly that
 * it does not have the information.
 */
/** A passage of the agent's knowledge, best first (the runtime passes what retrieval found). */
export interface OfflinePassage {
  content: string;
}

export interface OfflineModelOptions {
  agentName: string;
  language: string;
  passages: OfflinePassage[];
  /** pause between streamed words, so the UI shows the text arriving */
  wordDelayMs?: number;
}

const TEXTS = {
  pt: {
    greeting: (name: string) => `Olá! Eu sou ${name}. Como posso ajudar você hoje?`,
    thanks: 'Por nada! Se precisar de mais alguma coisa, é só chamar.',
    found: 'Encontrei isto nas informações que tenho:',
    unknown:
      'Desculpe, não tenho essa informação. Posso encaminhar sua pergunta para uma pessoa da equipe, se quiser.',
  },
  en: {
    greeting: (name: string) => `Hello! I'm ${name}. How can I help you today?`,
    thanks: "You're welcome! If you need anything else, just ask.",
    found: 'Here is what I found in the information I have:',
    unknown:
      "Sorry, I don't have that information. I can pass your question on to someone on the team if you like.",
  },
  es: {
    greeting: (name: string) => `¡Hola! Soy ${name}. ¿En qué puedo ayudarte hoy?`,
    thanks: '¡De nada! Si necesitas algo más, aquí estoy.',
    found: 'Esto es lo que encontré en la información que tengo:',
    unknown:
      'Lo siento, no tengo esa información. Puedo pasar tu pregunta a alguien del equipo, si quieres.',
  },
};

const GREETING =
  /^\s*(oi+|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|hello|hi|hey|hola|buenos d[ií]as|buenas)\b[\s!.,?]*$/i;
const THANKS = /^\s*(obrigad[oa]|valeu|brigad[oa]|thanks|thank you|gracias)\b/i;

export function offlineAnswer(message: string, options: OfflineModelOptions): string {
  const texts = TEXTS[options.language as keyof typeof TEXTS] ?? TEXTS.pt;
  if (GREETING.test(message)) return texts.greeting(options.agentName);
  if (THANKS.test(message)) return texts.thanks;
  const best = options.passages.slice(0, 2);
  if (best.length === 0) return texts.unknown;
  const body = best.map((p) => p.content.trim()).join('\n\n');
  return `${texts.found}\n\n${body}`;
}

function lastUserText(options: LanguageModelV3CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i]!;
    if (message.role !== 'user') continue;
    return message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}

function usageFor(options: LanguageModelV3CallOptions, text: string): LanguageModelV3Usage {
  const input = options.prompt
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) => ('text' in p && typeof p.text === 'string' ? p.text : '')).join(' '),
    )
    .join('\n');
  const inputTokens = estimateTokens(input);
  const outputTokens = estimateTokens(text);
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const OFFLINE_MODEL_ID = 'offline';

export function createOfflineModel(options: OfflineModelOptions): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'offline',
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},
    async doGenerate(call) {
      const text = offlineAnswer(lastUserText(call), options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usageFor(call, text),
        warnings: [],
      };
    },
    async doStream(call) {
      const text = offlineAnswer(lastUserText(call), options);
      const words = text.split(/(?<=\s)/);
      const delay = options.wordDelayMs ?? 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't0' });
          for (const word of words) {
            if (call.abortSignal?.aborted) break;
            controller.enqueue({ type: 'text-delta', id: 't0', delta: word });
            if (delay > 0) await sleep(delay);
          }
          controller.enqueue({ type: 'text-end', id: 't0' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usageFor(call, text),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
