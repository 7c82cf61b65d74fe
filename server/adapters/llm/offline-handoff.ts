/**
 * The offline model cannot understand a request, so it recognises the usual ways a customer asks
 * for a person (pt-BR first, English and Spanish too): "quero falar com um atendente", "atendente
 * humano", "falar com alguém", "chama o gerente", "talk to a human"… Accents and case do not
 * matter. A request in a clause that denies it ("não quero falar com atendente") is not one.
 * With a real model the runtime's handoff tool decides instead.
 */
const PERSON_PT =
  '(?:atendentes?|pessoas?|humanos?|humanas?|alguem|gerente|responsavel|dono|dona|funcionari[oa]|vendedor[a]?|operador[a]?|representante|ser humano)';
const PERSON_EN =
  '(?:humans?|person|people|agent|representative|rep|someone|somebody|manager|operator|staff member|staff)';

const ARTICLE_PT = '(?:(?:um|uma|o|a|algum|alguma|seu|sua|o seu|a sua) )?';
const ARTICLE_EN = '(?:(?:a|an|the|your|some|a real|a live|real|live) )?';

const REQUESTS: RegExp[] = [
  // pt-BR: "falar com um atendente", "conversar com uma pessoa", "falar com alguém", "ser
  // atendido por uma pessoa"
  new RegExp(
    `\\b(?:falar|fala|falo|conversar|converso|ser atendid[oa]) (?:com|por|pra|para) ${ARTICLE_PT}${PERSON_PT}\\b`,
  ),
  // "atendente humano", "atendimento humano", "pessoa de verdade", "pessoa real"
  /\b(?:atendentes?|atendimento) (?:humanos?|pessoal|de verdade|real)\b/,
  /\b(?:pessoa|humano|gente) (?:de verdade|real)\b/,
  // "chama o gerente", "me passa pra um atendente", "quero um atendente", "preciso de um humano"
  new RegExp(
    `\\b(?:chamar|chama|chame|passar|passa|passe|transferir|transfere|transfira|quero|queria|preciso de|gostaria de) (?:(?:pra|para) )?${ARTICLE_PT}(?:atendentes?|humano|gerente|responsavel)\\b`,
  ),
  // English: "talk to a human", "speak with someone", "a real person", "get me a manager"
  new RegExp(`\\b(?:talk|speak|chat) (?:to|with) ${ARTICLE_EN}${PERSON_EN}\\b`),
  /\b(?:human|live|real) (?:agent|person|being|support|representative|operator)\b/,
  new RegExp(
    `\\b(?:i want|i need|get me|give me|connect me (?:to|with)|transfer me to|put me through to) ${ARTICLE_EN}(?:human|agent|manager|representative|operator|person)\\b`,
  ),
  // Spanish: "hablar con una persona", "hablar con alguien"
  /\bhablar con (?:(?:un|una|el|la|algun|alguna) )?(?:persona|humano|agente|alguien|gerente|encargad[oa]|asesor)\b/,
];

/** The whole message is just the word: "atendente", "gerente!", "human?" */
const ALONE = /^(?:atendente|gerente|humano|pessoa|human|agent|manager|operator|representative)$/;

const NEGATIONS = new Set([
  'nao',
  'nem',
  'sem',
  'nunca',
  'not',
  "don't",
  'dont',
  "doesn't",
  'no',
  'never',
  'without',
  "won't",
  'sin',
]);
/** how many words before a request are looked at for a negation */
const NEGATION_REACH = 4;

export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase();
}

/** Whether the customer's message asks for a person (see the comment at the top). */
export function asksForPerson(message: string): boolean {
  const clauses = normalizeForMatch(message.slice(0, 2000))
    .split(/[.,;:!?¿¡\n()]+/)
    .map((c) => c.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  for (const clause of clauses) {
    if (ALONE.test(clause)) return true;
    for (const pattern of REQUESTS) {
      const found = pattern.exec(clause);
      if (!found) continue;
      const before = clause.slice(0, found.index).split(' ').filter(Boolean);
      const denied = before.slice(-NEGATION_REACH).some((word) => NEGATIONS.has(word));
      if (!denied) return true;
    }
  }
  return false;
}
