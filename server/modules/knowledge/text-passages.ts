/**
 * Lexical ranking of the agent's free-text knowledge base, done in memory per turn. The
 * knowledge-base issue replaces this with the database index (full-text + embeddings) over both
 * this text and uploaded documents; the runtime only sees `Passage`.
 */
export interface Passage {
  /** where it came from, shown to the user as the citation label */
  source: string;
  content: string;
  score: number;
  documentId?: number;
  chunkIndex?: number;
  page?: number | null;
}

const STOPWORDS = new Set(
  (
    'a o as os um uma uns umas de do da dos das em no na nos nas por pelo pela para pra com sem e ou ' +
    'que se é são ser foi há ao aos à às me te lhe nos vos eu tu ele ela eles elas você vocês meu minha ' +
    'seu sua qual quais quando onde como porque porquê mais muito isso isto esse essa este esta ter tem ' +
    'tenho vai vou quero queria gostaria saber sobre the of to and or is are in on for what how when where'
  ).split(' '),
);

export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/**
 * Truncation stemming: the first six letters stand for the word, so "funcionamento" meets
 * "funcionamos" and "entregas" meets "entrega". Crude, but language-agnostic and cheap.
 */
function stem(word: string): string {
  return word.length > 6 ? word.slice(0, 6) : word.replace(/(es|s)$/, '');
}

export function splitIntoPassages(text: string, maxChars = 700): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length <= maxChars) {
      out.push(paragraph);
      continue;
    }
    let current = '';
    for (const sentence of paragraph.split(/(?<=[.!?])\s+/)) {
      if (current && current.length + sentence.length + 1 > maxChars) {
        out.push(current);
        current = '';
      }
      current = current ? `${current} ${sentence}` : sentence;
    }
    if (current) out.push(current);
  }
  return out;
}

export function rankTextPassages(
  text: string | null | undefined,
  query: string,
  options: { limit?: number; source?: string } = {},
): Passage[] {
  if (!text?.trim()) return [];
  const queryStems = new Set(normalizeWords(query).map(stem));
  if (queryStems.size === 0) return [];
  const passages = splitIntoPassages(text);
  const docFreq = new Map<string, number>();
  const stemmed = passages.map((p) => new Set(normalizeWords(p).map(stem)));
  for (const set of stemmed) for (const s of set) docFreq.set(s, (docFreq.get(s) ?? 0) + 1);
  const ranked = passages.map((content, index) => {
    let score = 0;
    for (const s of queryStems) {
      if (!stemmed[index]!.has(s)) continue;
      score += Math.log(1 + passages.length / (docFreq.get(s) ?? 1));
    }
    return { content, score, chunkIndex: index, source: options.source ?? 'Base de conhecimento' };
  });
  return ranked
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, options.limit ?? 4);
}
