import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { estimateTokens } from '../../lib/tokens';
import {
  answeringSentences,
  type KnowledgeSentence,
  type OfflineLanguage,
} from './offline-sentences';

/**
 * The offline provider: no network, no model weights. It implements the AI SDK's
 * language-model interface, so the runtime drives it exactly like a real provider. It greets,
 * answers with the few sentences of the agent's own knowledge that answer the question
 * (`offline-sentences.ts`), and otherwise says honestly that it does not have the information.
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
    howAreYou: 'Tudo ótimo por aqui, obrigado! Em que posso ajudar?',
    goodbye: 'Até logo! Quando precisar, é só chamar.',
    unknown:
      'Não tenho essa informação por aqui. Se quiser, posso pedir para uma pessoa da equipe falar com você.',
  },
  en: {
    greeting: (name: string) => `Hello! I'm ${name}. How can I help you today?`,
    thanks: "You're welcome! If you need anything else, just ask.",
    howAreYou: 'All good here, thanks! How can I help?',
    goodbye: 'Bye for now! Message us whenever you need.',
    unknown:
      "I don't have that information here. If you like, I can ask someone on the team to get in touch with you.",
  },
  es: {
    greeting: (name: string) => `¡Hola! Soy ${name}. ¿En qué puedo ayudarte hoy?`,
    thanks: '¡De nada! Si necesitas algo más, aquí estoy.',
    howAreYou: '¡Todo bien por aquí, gracias! ¿En qué puedo ayudarte?',
    goodbye: '¡Hasta luego! Escríbenos cuando lo necesites.',
    unknown:
      'No tengo esa información por aquí. Si quieres, puedo pedir que alguien del equipo hable contigo.',
  },
};

const GREETING =
  /^\s*(oi+|ol[aá]|opa|e a[ií]|bom dia|boa tarde|boa noite|hello|hi|hey|hola|buenos d[ií]as|buenas)\b[\s!.,?]*$/i;
const HOW_ARE_YOU =
  /^\s*((oi+|ol[aá]|opa)[\s!,.]*)?(tudo (bem|bom|certo|joia)|como vai|how are you|qu[eé] tal|c[oó]mo est[aá]s?)\b[\s!.,?]*$/i;
const THANKS = /^\s*(obrigad[oa]|valeu|brigad[oa]|thanks|thank you|gracias)\b/i;
const GOODBYE =
  /^\s*(tchau|at[eé] (logo|mais|amanh[aã])|bye|goodbye|adi[oó]s|hasta luego)\b[\s!.,?]*$/i;

function languageOf(language: string): OfflineLanguage {
  return language === 'en' || language === 'es' ? language : 'pt';
}

/**
 * A knowledge sentence as said in a reply: capitalised and ended, as it reads in the document —
 * never with its section's heading glued on ("Bolos — …" reads like a form, not a person).
 */
function spoken(sentence: KnowledgeSentence, language: OfflineLanguage): string {
  const text = sentence.text.charAt(0).toLocaleUpperCase(language) + sentence.text.slice(1);
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

interface OfflineReply {
  text: string;
  sources: number[];
  kind: OfflineReplyKind;
}

/**
 * A turn asks for its reply three times (its kind, its sources, then the model's call) with the
 * same options object: the knowledge is read once per turn and message. Reading it is the
 * offline model's CPU (stemming every sentence of the passages); under 300 concurrent
 * requests on the one thread the repeats were ~2 % of the run (bench/mixed-load.ts).
 * Weakly held: the options of a finished turn go with it.
 */
const repliesByOptions = new WeakMap<OfflineModelOptions, Map<string, OfflineReply>>();

function offlineReply(message: string, options: OfflineModelOptions): OfflineReply {
  let replies = repliesByOptions.get(options);
  if (!replies) {
    replies = new Map();
    repliesByOptions.set(options, replies);
  }
  let reply = replies.get(message);
  if (!reply) {
    reply = readReply(message, options);
    replies.set(message, reply);
  }
  return reply;
}

/**
 * The reply: a greeting or a courtesy, else the one to three sentences of the knowledge that best
 * answer the question, as one paragraph (the WhatsApp pipeline sends one bubble per paragraph),
 * else an honest "I don't have that information" that offers a person. `sources`: the indexes of
 * the passages its sentences come from (none for a courtesy or for "I don't know").
 */
function readReply(message: string, options: OfflineModelOptions): OfflineReply {
  const language = languageOf(options.language);
  const texts = TEXTS[language];
  const courtesy = (text: string) => ({ text, sources: [], kind: 'courtesy' as const });
  if (GREETING.test(message)) return courtesy(texts.greeting(options.agentName));
  if (HOW_ARE_YOU.test(message)) return courtesy(texts.howAreYou);
  if (THANKS.test(message)) return courtesy(texts.thanks);
  if (GOODBYE.test(message)) return courtesy(texts.goodbye);
  const sentences = answeringSentences(
    message,
    options.passages.map((p) => p.content),
    language,
  );
  if (sentences.length === 0) return { text: texts.unknown, sources: [], kind: 'unknown' };
  return {
    text: sentences.map((s) => spoken(s, language)).join(' '),
    sources: [...new Set(sentences.map((s) => s.passage))].sort((a, b) => a - b),
    kind: 'answer',
  };
}

/** What the offline reply is: a courtesy (greeting, thanks…), an answer, or "I don't know". */
export type OfflineReplyKind = 'courtesy' | 'answer' | 'unknown';

/**
 * A greeting, a "how are you", thanks or goodbye: small talk, not a question about the business
 * (what the reports' unanswered questions leave out, whichever model answers).
 */
export function isCourtesy(message: string): boolean {
  return [GREETING, HOW_ARE_YOU, THANKS, GOODBYE].some((pattern) => pattern.test(message));
}

/** The kind of the offline reply to `message` (its "I don't know" is an unanswered question). */
export function offlineReplyKind(message: string, options: OfflineModelOptions): OfflineReplyKind {
  return offlineReply(message, options).kind;
}

export function offlineAnswer(message: string, options: OfflineModelOptions): string {
  return offlineReply(message, options).text;
}

/** The passages (indexes into `options.passages`) the offline answer to `message` quotes. */
export function offlineSources(message: string, options: OfflineModelOptions): number[] {
  return offlineReply(message, options).sources;
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
