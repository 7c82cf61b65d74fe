import { stripPlaceholderLines } from '@common/placeholders';
import type { Segment } from './extract';

/**
 * Chunks on paragraph, then sentence boundaries, with overlap so a fact split between two
 * chunks is whole in one of them. Sizes chosen by the retrieval benchmark (bench/retrieval.ts).
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

/** A Markdown heading, list item or numbered step: a line of its own. */
const STRUCTURED_LINE = /^(#{1,6}\s|[-*•]\s|\d+[.)]\s)/;
const HEADING_LINE = /^#{1,6}\s/;

/**
 * A paragraph on one line, but for its Markdown: a heading, a list item or a step stays a line
 * (the offline model reads a section by line, and took a whole paragraph flattened after its
 * heading for the heading); a line wrapped in prose, as a PDF has them, joins its sentence.
 */
function tidy(paragraph: string): string {
  let out = '';
  for (const raw of paragraph.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    const lastLine = out.slice(out.lastIndexOf('\n') + 1);
    // a list item's wrapped continuation joins it; a heading's next line never does
    const own = STRUCTURED_LINE.test(line) || HEADING_LINE.test(lastLine);
    out = !out ? line : `${out}${own ? '\n' : ' '}${line}`;
  }
  return out;
}

/** Whether `next` starts a line of its own after `text`: either side is Markdown structure. */
function ownLine(text: string, next: string): boolean {
  const lastLine = text.slice(text.lastIndexOf('\n') + 1);
  return STRUCTURED_LINE.test(next) || STRUCTURED_LINE.test(lastLine);
}

function pieces(text: string, target: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/).map(tidy)) {
    if (!paragraph) continue;
    if (paragraph.length <= target) {
      out.push(paragraph);
      continue;
    }
    for (const sentence of sentences(paragraph)) {
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
  return out;
}

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
      current = current ? `${current}${ownLine(current, piece) ? '\n' : ' '}${piece}` : piece;
    }
    flush();
  }
  return chunks;
}
