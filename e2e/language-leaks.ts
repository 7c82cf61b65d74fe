import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from './fixtures';

export type Lng = 'pt-BR' | 'en';

const LOCALES = new URL('../client/locales/', import.meta.url);

const catalogues = new Map<Lng, Map<string, string>>();

/** Every text of one language's catalogues, by `namespace:path` (read once per worker). */
function catalogue(lng: Lng): Map<string, string> {
  const read = catalogues.get(lng);
  if (read) return read;
  const texts = new Map<string, string>();
  catalogues.set(lng, texts);
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') texts.set(path, node);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    }
  };
  for (const file of readdirSync(new URL(`${lng}/`, LOCALES))) {
    // `ui.app.json` is a part of the `ui` namespace (client/lib/i18n.ts)
    const namespace = file.replace(/(\.\w+)?\.json$/, '');
    walk(JSON.parse(readFileSync(new URL(`${lng}/${file}`, LOCALES), 'utf8')), namespace);
  }
  return texts;
}

/** A text of one language's catalogues, by `namespace:key.path`. */
export function text(lng: Lng, key: string): string {
  const [namespace, path] = key.split(':');
  const value = catalogue(lng).get(`${namespace}.${path}`);
  if (value === undefined) throw new Error(`no ${lng} text for ${key}`);
  return value;
}

export interface Leak {
  /** the catalogue text of the other language */
  source: string;
  /** where it was, and what the page showed */
  found: string;
}

interface Foreign {
  source: string;
  /** the text with its {{variables}} as wildcards */
  pattern: RegExp;
  /**
   * the longest piece of the text outside its variables: a shown text without it cannot match
   * `pattern`, so the pattern is only tried on texts that hold it (a screen shows hundreds of
   * texts and the other language has about two thousand; trying every pattern on every text took
   * over a second of the runner's CPU per screen)
   */
  literal: string;
  /** a phrase of several words may also sit inside a longer text; a lone word must be all of it */
  phrase: boolean;
}

const LETTER = /\p{L}/gu;
const NOT_WORD = '[^\\p{L}\\p{N}]';
const VARIABLE = /\{\{[^}]*\}\}|\{\w+\}/g;

function escape(part: string): string {
  return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The texts that belong only to the other language: its catalogue values that differ from this
 * language's value at the same key, long enough to mean something (four letters or more outside
 * the variables), and written nowhere in this language's catalogues (a brand, a plan name, "OK").
 */
export function foreignTexts(lng: Lng): Foreign[] {
  const own = catalogue(lng);
  const other = catalogue(lng === 'en' ? 'pt-BR' : 'en');
  const ownValues = new Set(own.values());
  const seen = new Set<string>();
  const foreign: Foreign[] = [];
  for (const [key, value] of other) {
    if (own.get(key) === value || ownValues.has(value) || seen.has(value)) continue;
    const fixed = value.replace(VARIABLE, ' ');
    if ((fixed.match(LETTER) ?? []).length < 4) continue;
    seen.add(value);
    const body = value
      .split(VARIABLE)
      .map((part) => escape(part.replace(/\s+/g, ' ')))
      .join('.+?')
      .trim();
    const literal = value
      .split(VARIABLE)
      .map((part) => part.replace(/\s+/g, ' ').trim())
      .reduce((longest, part) => (part.length > longest.length ? part : longest), '');
    foreign.push({
      source: value,
      literal,
      pattern: new RegExp(`(?:^|${NOT_WORD})${body}(?:$|${NOT_WORD})`, 'u'),
      phrase: fixed.trim().split(/\s+/).length >= 2,
    });
  }
  return foreign;
}

interface Shown {
  where: string;
  text: string;
}

/**
 * What the page shows and reads out now, in the page's language: each visible text node, the
 * placeholders, labels, titles and alternative texts of visible elements, and the document's
 * title.
 */
async function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const clean = (value: string) => value.replace(/\s+/g, ' ').trim();
    // Content marked as written in another language (lang="pt-BR" on a template's own text,
    // lang="en" on the switch's EN) is that language's by design, as HTML means it.
    const pageLang = document.documentElement.lang;
    const visible = (el: Element | null) =>
      el !== null &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) === pageLang;
    const shown: { where: string; text: string }[] = [
      { where: 'document title', text: document.title },
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const text = clean(node.textContent ?? '');
      if (text && visible(parent)) shown.push({ where: `text in <${parent.tagName}>`, text });
    }
    const attributes = ['placeholder', 'aria-label', 'title', 'alt', 'aria-description'];
    for (const el of document.body.querySelectorAll(attributes.map((a) => `[${a}]`).join())) {
      if (!visible(el)) continue;
      for (const attribute of attributes) {
        const value = el.getAttribute(attribute);
        if (value) shown.push({ where: `${attribute} of <${el.tagName}>`, text: clean(value) });
      }
    }
    return shown;
  });
}

/**
 * The other language's texts within one shown text. Screens repeat most of their texts (the
 * sidebar, the header), so each text is matched once per list of foreign texts.
 */
const matched = new WeakMap<Foreign[], Map<string, string[]>>();

function foreignIn(text: string, foreign: Foreign[]): string[] {
  let known = matched.get(foreign);
  if (!known) matched.set(foreign, (known = new Map()));
  const cached = known.get(text);
  if (cached) return cached;
  const sources: string[] = [];
  for (const candidate of foreign) {
    if (!text.includes(candidate.literal)) continue;
    const match = candidate.pattern.exec(text);
    if (!match) continue;
    // A lone word counts only when it is the whole text: "Status" alone, not inside a phrase.
    if (!candidate.phrase && match[0].trim().length < text.length) continue;
    sources.push(candidate.source);
  }
  known.set(text, sources);
  return sources;
}

/** The other language's texts the page shows now. */
export async function findLeaks(page: Page, foreign: Foreign[]): Promise<Leak[]> {
  const shown = await shownTexts(page);
  const leaks: Leak[] = [];
  for (const { where, text } of shown) {
    for (const source of foreignIn(text, foreign)) {
      leaks.push({ source, found: `${where}: "${text}"` });
    }
  }
  return leaks;
}

/**
 * Waits for the screen to settle (no spinner, no skeleton), then fails with every text of the
 * other language it shows.
 */
export async function expectNoLeaks(page: Page, foreign: Foreign[], screen: string) {
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
  await expect(page.locator('.animate-pulse.bg-muted')).toHaveCount(0);
  expect(await findLeaks(page, foreign), `texts of the other language on ${screen}`).toEqual([]);
}
