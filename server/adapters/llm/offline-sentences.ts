import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { eng, por, spa } from 'stopword';
import { ASKING_WORDS, FILLER_WORDS, respelled } from '../../lib/customer-vocabulary';
import { parseTaughtAnswer } from '../../lib/taught-answer';

/**
 * The offline provider's reading of the agent's knowledge: the knowledge is cut into sentences
 * (list items count as sentences, each remembering its section heading), every sentence is scored
 * against the question, and the few that answer it are returned. Deterministic: the same question
 * over the same knowledge always picks the same sentences.
 */
export type OfflineLanguage = 'pt' | 'en' | 'es';

export interface KnowledgeSentence {
  /** the sentence as it reads, markdown markers removed */
  text: string;
  /** the heading of the section it is in, if any */
  heading: string | null;
  /** its place in the knowledge, to give the chosen sentences back in reading order */
  position: number;
  /** which passage it is in: an answer keeps to the passage of its best sentence */
  passage: number;
  /** a taught answer's question: its words count for the answer's sentences, never said */
  about?: string;
}

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Words a customer types that say nothing about what they want to know. */
const CHAT_WORDS = [
  'voce',
  'voces',
  'vc',
  'vcs',
  'tem',
  'tem',
  'ter',
  'qual',
  'quais',
  'queria',
  'quero',
  'gostaria',
  'saber',
  'pode',
  'podem',
  'poderia',
  'informar',
  'dizer',
  'faz',
  'fazem',
  'fazer',
  'ai',
  'la',
  'aqui',
  'oi',
  'ola',
  'bom',
  'boa',
  'dia',
  'tarde',
  'noite',
  'favor',
  'please',
  'you',
  'your',
  'do',
  'does',
  'can',
  'could',
  'would',
  'like',
  'know',
  'usted',
  'ustedes',
  'hay',
  'tienen',
  'puede',
  'quiero',
  'saber',
  'algum',
  'alguma',
  'ainda',
  'mesmo',
  'ok',
];

const STOP_WORDS: Record<OfflineLanguage, Set<string>> = {
  pt: new Set([...por, ...CHAT_WORDS, ...FILLER_WORDS, ...ASKING_WORDS].map(stripAccents)),
  en: new Set([...eng, ...CHAT_WORDS].map(stripAccents)),
  es: new Set([...spa, ...CHAT_WORDS].map(stripAccents)),
};

const STEMMERS: Record<OfflineLanguage, (word: string) => string> = {
  pt: portugueseStemmer,
  en: englishStemmer,
  es: spanishStemmer,
};

/** The question's and the sentences' meaningful words, stemmed and without accents. */
export function stems(text: string, language: OfflineLanguage): string[] {
  const words = text.toLocaleLowerCase('pt-BR').match(/[\p{L}\p{N}]+/gu) ?? [];
  const result: string[] = [];
  for (const word of words) {
    const plain = stripAccents(word);
    if (STOP_WORDS[language].has(plain)) continue;
    if (/^\p{L}$/u.test(plain)) continue;
    result.push(/^\d/.test(plain) ? plain : STEMMERS[language](plain));
  }
  return result;
}

/**
 * What a question is about, recognised by its words, and how a sentence that answers it looks:
 * "que horas abrem?" is answered by a sentence with hours in it even if it shares no word.
 */
const INTENTS: { asks: RegExp; answer: RegExp }[] = [
  {
    asks: /\b(horari\w*|horas?|abr[ei]\w*|aberto|aberta|fech\w*|funciona\w*|expediente|quando|hours?|open\w*|clos\w*|when|abren|cierran)\b/,
    answer:
      /\b\d{1,2}\s?h(\s?\d{2})?\b|\b\d{1,2}:\d{2}\b|\b(segunda|terca|quarta|quinta|sexta|sabado|domingo|feriado\w*|monday|friday|saturday|sunday|lunes|sabado)\b/,
  },
  {
    asks: /\b(prec\w*|quanto\w*|valor\w*|cust\w*|cobr\w*|price\w*|cost\w*|much|cuesta|tabela)\b/,
    answer: /r\$\s?\d|\b\d+,\d{2}\b|\$\s?\d/,
  },
  {
    asks: /\b(endereco|onde|fica\w*|localiza\w*|chegar|address|where|located|direccion|donde)\b/,
    answer:
      /\b(rua|av|avenida|alameda|travessa|praca|rodovia|estrada|bairro|cep|n[oº°]\.?\s?\d|street|avenue|calle)\b/,
  },
  {
    asks: /\b(pag\w*|pix|cartao|cartoes|dinheiro|boleto|parcel\w*|pay\w*|card|cash)\b/,
    answer: /\b(pix|cartao|cartoes|dinheiro|boleto|debito|credito|parcel\w*|card|cash)\b/,
  },
  {
    asks: /\b(entreg\w*|delivery|frete|envi\w*|deliver\w*|shipping|envio)\b/,
    answer: /\b(entreg\w*|delivery|frete|ifood|deliver\w*|shipping|envio)\b/,
  },
  {
    asks: /\b(telefone|whats\w*|contato|ligar|falar|phone|contact|call)\b/,
    answer: /\(?\b\d{2}\)?\s?9?\d{4}-?\d{4}\b|\b(whatsapp|telefone|phone)\b/,
  },
];

const MARKDOWN_PREFIX = /^\s*(#{1,6}\s+|[-*•]\s+|\d+[.)]\s+)/;

/** The knowledge's sentences, each with the heading of its section. */
const segmenter = new Intl.Segmenter('pt', { granularity: 'sentence' });
/** Abbreviations the segmenter takes for a sentence's end ("Av. Francisco Glicério, 980"). */
const ABBREVIATION =
  /\b(av|r|al|trav|pc|dr|dra|sr|sra|prof|n|no|tel|cel|ap|apto|km|min|ltda)\.\s*$/i;

/** The line's sentences, an abbreviation's period not taken for an end. */
function lineSentences(line: string): string[] {
  const out: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(line)) {
    pending += segment;
    if (ABBREVIATION.test(pending)) continue;
    out.push(pending.trim());
    pending = '';
  }
  if (pending.trim()) out.push(pending.trim());
  return out;
}

export function knowledgeSentences(passages: readonly string[]): KnowledgeSentence[] {
  const sentences: KnowledgeSentence[] = [];
  for (const [index, passage] of passages.entries()) {
    const taught = parseTaughtAnswer(passage);
    let heading: string | null = null;
    for (const rawLine of (taught?.answer ?? passage).split(/\n+/)) {
      const isHeading = /^\s*#{1,6}\s/.test(rawLine);
      const line = rawLine
        .replace(MARKDOWN_PREFIX, '')
        .replace(/\*\*|__/g, '')
        .trim();
      if (!line) continue;
      if (isHeading) {
        heading = line.replace(/[:.]$/, '');
        continue;
      }
      for (const text of lineSentences(line)) {
        if (!/[\p{L}\p{N}]/u.test(text)) continue;
        const sentence = { text, heading, position: sentences.length, passage: index };
        sentences.push(taught ? { ...sentence, about: taught.question } : sentence);
      }
    }
  }
  return sentences;
}

interface Scored {
  sentence: KnowledgeSentence;
  score: number;
  covered: Set<string>;
}

/**
 * Up to `max` sentences that answer the question, in reading order; none when the knowledge
 * does not cover what the question asks (its most specific words appear nowhere, say).
 */
export function answeringSentences(
  question: string,
  passages: readonly string[],
  language: OfflineLanguage,
  max = 3,
): KnowledgeSentence[] {
  if (language === 'pt') question = respelled(question);
  const asked = [...new Set(stems(question, language))];
  if (asked.length === 0) return [];
  const sentences = knowledgeSentences(passages);
  if (sentences.length === 0) return [];
  const plainQuestion = stripAccents(question.toLocaleLowerCase('pt-BR'));
  const intents = INTENTS.filter((intent) => intent.asks.test(plainQuestion));
  const intentStems = new Set(
    intents.flatMap((intent) =>
      asked.filter(
        (stem) => intent.asks.test(stem) || intent.asks.test(wordOf(plainQuestion, stem)),
      ),
    ),
  );

  const sentenceStems = sentences.map(
    (s) => new Set(stems(s.about ? `${s.about} ${s.text}` : s.text, language)),
  );
  const headingStems = sentences.map((s) => new Set(s.heading ? stems(s.heading, language) : []));
  // Rarer words weigh more: "cenoura" picks its line among ten lines about "bolo".
  const weight = new Map<string, number>();
  for (const stem of asked) {
    const df = sentenceStems.filter((set, i) => set.has(stem) || headingStems[i]!.has(stem)).length;
    weight.set(stem, Math.log((sentences.length + 1) / (df + 1)) + 1);
  }
  const total = asked.reduce((sum, stem) => sum + weight.get(stem)!, 0);

  const scored: Scored[] = sentences.map((sentence, i) => {
    const plain = stripAccents(sentence.text.toLocaleLowerCase('pt-BR'));
    const covered = new Set<string>();
    let score = 0;
    for (const stem of asked) {
      if (sentenceStems[i]!.has(stem)) {
        covered.add(stem);
        score += weight.get(stem)!;
      } else if (headingStems[i]!.has(stem)) {
        covered.add(stem);
        score += weight.get(stem)! * 0.6;
      }
    }
    const answered = intents.filter((intent) => intent.answer.test(plain));
    if (answered.length > 0) {
      for (const stem of intentStems) {
        if (!covered.has(stem)) {
          covered.add(stem);
          score += weight.get(stem)! * 0.8;
        }
      }
      score += answered.length;
    }
    return { sentence, score, covered };
  });

  const ranked = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.sentence.position - b.sentence.position);
  const best = ranked[0];
  if (!best) return [];
  // Others join the best only if they answer as much of the question and come from the same
  // passage: the hours of each day do; the rest of the price list, or the delivery hours when
  // the shop's hours were asked, do not.
  const chosen = [
    best,
    ...ranked
      .slice(1)
      .filter(
        (s) =>
          s.score >= best.score * 0.75 &&
          s.covered.size >= best.covered.size &&
          s.sentence.passage === best.sentence.passage,
      ),
  ].slice(0, max);
  const covered = new Set(chosen.flatMap((s) => [...s.covered]));
  const coveredWeight = [...covered].reduce((sum, stem) => sum + weight.get(stem)!, 0);
  if (coveredWeight / total < 0.5) return [];
  return chosen.map((s) => s.sentence).sort((a, b) => a.position - b.position);
}

/** The question's word a stem came from (intent patterns are written on words, not stems). */
function wordOf(plainQuestion: string, stem: string): string {
  return plainQuestion.match(new RegExp(`\\b${stem}\\p{L}*`, 'u'))?.[0] ?? stem;
}
