import { stems, type OfflineLanguage } from '../../adapters/llm/offline-sentences';

/**
 * When two customer questions are "the same question" for the reports: their meaningful words —
 * stemmed, without accents, without stop words and chat filler ("vocês", "tem", "queria saber"),
 * as the offline provider reads a question (offline-sentences.ts) — overlap enough. "Vocês
 * entregam em Niterói?" and "vcs fazem entrega em niteroi??" are both {entreg, nitero}.
 */

/** Jaccard similarity of the words from which a new question joins a group (ADR 0021). */
export const SAME_QUESTION_THRESHOLD = 0.6;

/** At most this many words are kept per question (a paragraph is not a question). */
const MAX_STEMS = 40;

export function questionStems(question: string, language: string): string[] {
  const lang: OfflineLanguage = language === 'en' || language === 'es' ? language : 'pt';
  return [...new Set(stems(question, lang))].sort().slice(0, MAX_STEMS);
}

/** |a ∩ b| / |a ∪ b|; two questions without a meaningful word are alike only if both are empty. */
export function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const set = new Set(a);
  const shared = b.filter((s) => set.has(s)).length;
  return shared / (set.size + new Set(b).size - shared);
}

/** The most similar of the groups at SAME_QUESTION_THRESHOLD or more (the newer on a tie). */
export function mostSimilar<T extends { stems: string[] }>(
  question: readonly string[],
  groups: readonly T[],
): T | null {
  let best: T | null = null;
  let bestScore = SAME_QUESTION_THRESHOLD;
  for (const group of groups) {
    const score = similarity(question, group.stems);
    if (score > bestScore || (score === bestScore && best === null)) {
      best = group;
      bestScore = score;
    }
  }
  return best;
}
