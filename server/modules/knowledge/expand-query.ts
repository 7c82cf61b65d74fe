import {
  CUSTOMER_INTENTS,
  FILLER_WORDS,
  plainQuestion,
  QUESTION_WORDS,
} from '../../lib/customer-vocabulary';

const FILLER = new Set(FILLER_WORDS);
const FILLER_AND_QUESTION = new Set([...FILLER_WORDS, ...QUESTION_WORDS]);

export interface ExpandedQuery {
  /** the question's own words, without its question and filler words */
  own: string;
  /** the words of the lines that answer its intents (they weigh less: lexical.ts) */
  added: string;
  intents: string[];
}

/**
 * The question as full-text retrieval reads it (vocabulary: lib/customer-vocabulary.ts): "qual o
 * endereço?" → "endereco" and "rua avenida … bairro", "tem coxinha hoje?" → "coxinha". A
 * question the vocabulary does not recognise, or that would be left without a word, is searched
 * as written.
 */
export function expandQuery(question: string): ExpandedQuery {
  const plain = plainQuestion(question);
  const intents = CUSTOMER_INTENTS.filter((intent) => intent.asks.test(plain));
  // The question words go only once an intent is read from them: "o meu carro fica na oficina"
  // keeps its "fica".
  const dropped = intents.length > 0 ? FILLER_AND_QUESTION : FILLER;
  const own = plain.split(' ').filter((word) => word && !dropped.has(word));
  if (own.length === 0 && intents.length === 0) return { own: question, added: '', intents: [] };
  const added = intents.flatMap((intent) => intent.answeredBy);
  return {
    own: own.join(' '),
    added: [...new Set(added)].join(' '),
    intents: intents.map((intent) => intent.name),
  };
}
