/**
 * Model output → a tiny safe document model. The widget turns it into DOM nodes with
 * `textContent` only: nothing the model writes is ever parsed as HTML, and only http(s) links
 * become anchors.
 */
export type Inline =
  | { kind: 'text' | 'bold' | 'italic' | 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const INLINE =
  /\*\*([^*\n]+)\*\*|`([^`\n]+)`|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>"'()]*[^\s<>"'().,;:!?])|\*([^*\s][^*\n]*)\*/g;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** The URL if it is absolute http(s), else null (javascript:, data:, relative…). */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of line.matchAll(INLINE)) {
    const index = m.index;
    if (index > last) out.push({ kind: 'text', text: line.slice(last, index) });
    const [whole, bold, code, linkText, linkHref, bare, italic] = m;
    if (bold !== undefined) out.push({ kind: 'bold', text: bold });
    else if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (linkText !== undefined) {
      const href = safeHref(linkHref ?? '');
      out.push(href ? { kind: 'link', text: linkText, href } : { kind: 'text', text: linkText });
    } else if (bare !== undefined) {
      const href = safeHref(bare);
      out.push(href ? { kind: 'link', text: bare, href } : { kind: 'text', text: bare });
    } else if (italic !== undefined) out.push({ kind: 'italic', text: italic });
    else out.push({ kind: 'text', text: whole });
    last = index + whole.length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

export function parseMessage(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (raw.trim() === '') {
      current = null;
      continue;
    }
    const isItem = BULLET.test(raw);
    const kind = isItem ? 'list' : 'paragraph';
    if (!current || current.kind !== kind) {
      current = isItem ? { kind: 'list', items: [] } : { kind: 'paragraph', lines: [] };
      blocks.push(current);
    }
    if (current.kind === 'list') current.items.push(parseInline(raw.replace(BULLET, '')));
    else current.lines.push(parseInline(raw.trim()));
  }
  return blocks;
}
