import { stripPlaceholderLines } from '@common/placeholders';
import type { Segment } from './extract';

/**
 * Chunks on paragraph, then sentence boundaries, with overlap so a fact split between two
 * chunks is whole in one of them. Sizes chosen by the retrieval benchmark (bench/retrieval.ts).
 * Line breaks are kept (pieces are joined by one): the offline model answers with the line that
 * holds the fact ("Coxinha de frango: R$ 7,50"), not with a page run together.
 */
export const CHUNK_DEFAULTS = { targetChars: 800, overlapChars: 150 };

export interface Chunk {
  content: string;
  page?: number | undefined;
  sheet?: string | undefined;
}

function sentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?;:])\s+(?=[\p{Lu}\p{N}"“(-])/u).filter((s) => s.trim());
}

/**
 * A paragraph with its line breaks kept: a menu's or a price list's line is one fact. A line
 * that starts in lower case continues the one before (a PDF wraps long lines at the page's
 * width: "Fechado domingo e" / "segunda.").
 */
const tidy = (paragraph: string) =>
  paragraph
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n(?=\p{Ll})/gu, ' ')
    .trim();

/** Pieces no longer than `target`: a paragraph, else its lines, else their sentences, else words. */
function pieces(text: string, target: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/).map(tidy)) {
    if (!paragraph) continue;
    if (paragraph.length <= target) {
      out.push(paragraph);
      continue;
    }
    for (const line of paragraph.split('\n')) {
      if (line.length <= target) {
        out.push(line);
        continue;
      }
      for (const sentence of sentences(line)) {
        if (sentence.length <= target) {
          out.push(sentence);
          continue;
        }
        // A run-on "sentence" (a table row, a list without stops): cut on word boundaries.
        let rest = sentence;
        while (rest.length > target) {
          const cut = rest.lastIndexOf(' ', target);
          const at = cut > target / 2 ? cut : target;
          out.push(rest.slice(0, at).trim());
          rest = rest.slice(at).trim();
        }
        if (rest) out.push(rest);
      }
    }
  }
  return out;
}

/**
 * The end of a chunk the next one repeats, from a word (starting it at a line instead cost
 * bench/retrieval.ts's lexical MRR 0.74 → 0.70: the overlaps then held less of the prose).
 */
function tail(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const start = text.indexOf(' ', text.length - chars);
  return start >= 0 ? text.slice(start + 1) : text.slice(-chars);
}

export function chunkSegments(segments: Segment[], options = CHUNK_DEFAULTS): Chunk[] {
  const chunks: Chunk[] = [];
  for (const segment of segments) {
    let current = '';
    let overlap = '';
    const flush = () => {
      if (!current) return;
      chunks.push({ content: current, page: segment.page, sheet: segment.sheet });
      overlap = options.overlapChars > 0 ? tail(current, options.overlapChars) : '';
      current = '';
    };
    // A template's unfilled `[placeholder]` is not knowledge: what needs one is not indexed.
    for (const piece of pieces(stripPlaceholderLines(segment.text), options.targetChars)) {
      if (current && current.length + piece.length + 1 > options.targetChars) flush();
      if (!current && overlap) current = overlap;
      current = current ? `${current}\n${piece}` : piece;
    }
    flush();
  }
  return chunks;
}
