import { normalizeForMatch } from './offline-handoff';

/**
 * What the offline model learns about the customer from their own words, for the contact's card:
 * the name they give ("meu nome é Ana Souza", "me chamo ana", "aqui é a Ana", "sou o
 * João", "my name is Ann") and which of the agent's services they mention. A model that calls
 * tools notes both itself (`save_contact_details`).
 */

/** Phrases after which any-case words are the name. */
const SAYS_NAME =
  /\b(?:meu nome e|me chamo|pode me chamar de|my name is|me llamo|mi nombre es)\s+/g;
/** Phrases after which only capitalised words are taken ("sou a favor" is no name). */
const INTRODUCES = /\b(?:aqui e (?:a|o)|sou (?:a|o)|quem fala e (?:a|o)|this is|i am|i'm)\s+/g;
/** Words that end a name when they follow it ("sou a Ana e quero…"). */
const STOP_WORDS = new Set([
  'e',
  'de',
  'do',
  'da',
  'dos',
  'das',
  'tenho',
  'quero',
  'queria',
  'gostaria',
  'preciso',
  'moro',
  'and',
  'i',
  'y',
]);
const PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das']);
const NAME_WORD = /^\p{L}[\p{L}'-]{0,29}$/u;
const MAX_NAME_WORDS = 4;

function titleCase(word: string): string {
  return word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1);
}

/**
 * The words of the original message from `start` on that make a name: letters only, up to four
 * (particles aside),
 * ending at punctuation or a word that starts another thought. A particle ("Souza da Silva") stays
 * when a name word follows it.
 */
function nameAt(original: string, start: number, capitalised: boolean): string | null {
  const rest = original.slice(start).split(/[.,;:!?¿¡\n()"“”]/)[0] ?? '';
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const taken: string[] = [];
  for (const [i, word] of words.entries()) {
    const named = taken.filter((w) => !PARTICLES.has(w)).length;
    if (named >= MAX_NAME_WORDS || !NAME_WORD.test(word)) break;
    const lower = normalizeForMatch(word);
    const next = words[i + 1];
    if (PARTICLES.has(lower) && taken.length > 0 && next && /^\p{Lu}/u.test(next)) {
      taken.push(lower);
      continue;
    }
    if (STOP_WORDS.has(lower)) break;
    const upper = /^\p{Lu}/u.test(word);
    if (capitalised && !upper) break;
    taken.push(upper ? word : titleCase(word));
  }
  while (taken.length > 0 && PARTICLES.has(taken.at(-1)!)) taken.pop();
  return taken.length > 0 ? taken.join(' ') : null;
}

/**
 * The name the customer says is theirs, or null. Normalising keeps every character's place
 * (accents are dropped, not letters), so a phrase found in the normalised text points at the
 * same place of the original, whose case and accents the name keeps.
 */
export function statedName(message: string): string | null {
  const original = message.slice(0, 2000).normalize('NFC');
  const normal = normalizeForMatch(original);
  if (normal.length !== original.length) return null;
  for (const [pattern, capitalised] of [
    [SAYS_NAME, false],
    [INTRODUCES, true],
  ] as const) {
    for (const found of normal.matchAll(pattern)) {
      const name = nameAt(original, found.index + found[0].length, capitalised);
      if (name) return name;
    }
  }
  return null;
}

/** The first of `services` whose name the message contains (accents and case aside), or null. */
export function mentionedService(message: string, services: string[]): string | null {
  const text = ` ${normalizeForMatch(message.slice(0, 2000)).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  for (const service of services) {
    const name = normalizeForMatch(service)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (name && text.includes(` ${name} `)) return service;
  }
  return null;
}
