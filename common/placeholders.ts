/**
 * The template kind of placeholder: `[texto entre colchetes]` left for the owner to fill in
 * (`[nome da padaria]`, `R$ [valor]`). One definition for the template form, the editor's warning,
 * the knowledge index, the go-live checklist and the runtime's replies: a placeholder is
 * never sent to a customer nor counted as knowledge.
 *
 * Innermost brackets with at least one letter, not a Markdown link (`[site](https://…)`): `[1]`
 * citation marks and `[ ]` are not placeholders. A nested one (`[ex.: exceto [marcas]]`) is found
 * by its inner part, and its outer part once that is removed.
 */
const PLACEHOLDER_SOURCE = String.raw`\[(?=[^\[\]\n]*\p{L})[^\[\]\n]{1,160}\](?!\()`;

export function placeholderPattern(): RegExp {
  return new RegExp(PLACEHOLDER_SOURCE, 'gu');
}

export function hasPlaceholder(text: string): boolean {
  return placeholderPattern().test(text);
}

/** The placeholders left in a text, each once, as written (brackets included). */
export function findPlaceholders(text: string): string[] {
  return [...new Set(text.match(placeholderPattern()) ?? [])];
}

/** A list item, heading or numbered step: it stands or falls whole. */
const ITEM_LINE = /^\s*(?:[-*•#]|\d+[.)])/;
const HEADING_LINE = /^\s*#/;

/** Splits prose after a sentence's end, keeping the punctuation with its sentence. */
function sentencesOf(line: string): string[] {
  return line.split(/(?<=[.!?])\s+/u);
}

/**
 * The text without what needs a placeholder: a list item, heading or step holding one goes whole;
 * in prose, the sentences holding one go. A heading left with nothing under it goes too. What is
 * left never holds a bracketed placeholder.
 */
export function stripPlaceholderLines(text: string): string {
  if (!hasPlaceholder(text)) return text.trim();
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (!hasPlaceholder(line)) kept.push(line);
    else if (!ITEM_LINE.test(line)) {
      const rest = sentencesOf(line).filter((s) => !hasPlaceholder(s));
      if (rest.length > 0) kept.push(rest.join(' '));
    }
  }
  return dropEmptyHeadings(kept)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function dropEmptyHeadings(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (HEADING_LINE.test(line)) {
      const level = line.trim().match(/^#+/)![0].length;
      let j = i + 1;
      while (j < lines.length && !lines[j]!.trim()) j++;
      const next = lines[j];
      const nextLevel = next && HEADING_LINE.test(next) ? next.trim().match(/^#+/)![0].length : 0;
      if (next === undefined || (nextLevel > 0 && nextLevel <= level)) continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * A reply without placeholders, word by word (a reply streams: its start is already with the
 * customer when a bracket arrives, so the sentence cannot go whole). `R$ [valor]` goes with its
 * currency, and what is left empty around it (`(chave: )`) with it.
 */
export function removePlaceholders(text: string): string {
  let out = text;
  const token = new RegExp(String.raw`(?:R\$\s*)?${PLACEHOLDER_SOURCE}`, 'gu');
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(token, '');
  }
  return out
    .replace(/\(\s*(?:[\p{L} ]{0,20}:)?\s*\)/gu, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.;:!?)])/g, '$1')
    .replace(/([,;:])(?=[,.;:])/g, '');
}

/** Longest stretch held back waiting for a bracket or a parenthesis to close. */
const HOLD_LIMIT = 200;

/**
 * removePlaceholders over a stream of deltas: holds back an open `[` or `(` (until it closes, a
 * line ends or it grows past HOLD_LIMIT) and trailing spaces or `R$`, so a placeholder split
 * between deltas is still removed. What `push` and `flush` return, joined, is the reply.
 */
export function placeholderStreamFilter() {
  let pending = '';
  function safeCut(): number {
    let cut = pending.length;
    for (const [open, close] of [
      ['[', ']'],
      ['(', ')'],
    ] as const) {
      const at = pending.lastIndexOf(open);
      if (at < 0) continue;
      const after = pending.slice(at);
      if (after.includes(close) || after.includes('\n') || after.length > HOLD_LIMIT) continue;
      cut = Math.min(cut, at);
    }
    const tail = /(?:\s*R\$?)?\s*$/u.exec(pending.slice(0, cut));
    return tail ? cut - tail[0].length : cut;
  }
  // Spaces that ended a piece wait for the next one: a placeholder removed between them, or
  // punctuation after it, would otherwise leave two spaces or a space before a comma.
  let space = '';
  function emit(piece: string, last: boolean): string {
    let out = removePlaceholders(piece);
    if (!out.trim()) {
      // nothing but spaces (a placeholder went): at most one space waits
      if (out && !space) space = ' ';
      return '';
    }
    if (/^[ \t]*[,.;:!?)]/.test(out)) out = out.replace(/^[ \t]+/, '');
    else out = (space && /^[ \t]/.test(out) ? '' : space) + out;
    const trailing = last ? null : /[ \t]+$/.exec(out);
    space = trailing ? trailing[0] : '';
    return trailing ? out.slice(0, -trailing[0].length) : out;
  }
  return {
    push(delta: string): string {
      pending += delta;
      const cut = safeCut();
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return emit(ready, false);
    },
    flush(): string {
      const rest = emit(pending, true);
      pending = '';
      return rest;
    },
  };
}
