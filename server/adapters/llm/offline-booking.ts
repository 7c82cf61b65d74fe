import { normalizeForMatch } from './offline-handoff';

/**
 * The offline model cannot book, so it recognises the usual ways a customer asks to book (pt-BR
 * first, English and Spanish too) and the runtime answers with the agent's booking page: "quero
 * agendar um horário", "dá pra marcar um corte amanhã?", "tem horário livre sábado?", "fazer uma
 * reserva", "book an appointment", "reservar una cita"… Accents and case do not matter. A request
 * in a clause that denies it ("não quero agendar agora") is not one. With a model that calls tools
 * the booking tools decide instead.
 */
const REQUESTS: RegExp[] = [
  // pt-BR: agendar / marcar / reservar (a verb of booking, any form)
  /\b(?:agend|remarc|reagend)(?:ar|o|a|amos|e|ei|ando|ado|ada|amento|amentos)\b/,
  /\b(?:marcar|marco|marca|marque|marcamos|marcando|reservar|reservo|reserva|reserve)\b (?:(?:um|uma|o|a|meu|minha)\s)?(?:horario|hora|consulta|sessao|atendimento|corte|visita|avaliacao|aula|mesa|vaga|servico|procedimento|limpeza|manicure|massagem|exame|retorno|pra|para|amanha|hoje|segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/,
  // "tem horário (livre|disponível|vago) …", "horários disponíveis", "qual horário vocês têm"
  /\b(?:tem|tera|teria|ha|existe|voces tem) (?:algum |um )?(?:horario|hora|vaga|agenda)\b/,
  /\bhorarios? (?:livres?|disponive(?:l|is)|vagos?|abertos?)\b/,
  /\b(?:fazer|faco|quero|queria|gostaria de) (?:uma |um )?(?:reserva|agendamento|marcacao)\b/,
  // English
  /\b(?:book|booking|schedule|reschedule|reserve)\b (?:(?:an?|the|my|a new)\s)?(?:appointment|slot|session|visit|time|table|haircut|consultation|class)\b/,
  /\b(?:make|get|need|want) (?:an?|the) (?:appointment|booking|reservation)\b/,
  /\b(?:free|available|open) (?:slots?|times?|appointments?)\b/,
  // Spanish
  /\b(?:reservar|agendar|programar|pedir) (?:una? )?(?:cita|turno|hora|reserva|mesa)\b/,
];

const NEGATIONS = new Set(['nao', 'nem', 'sem', 'nunca', 'not', "don't", 'dont', 'no', 'never']);
/** how many words before a request are looked at for a negation */
const NEGATION_REACH = 3;

/** Whether the customer's message asks to book (see the comment at the top). */
export function asksToBook(message: string): boolean {
  const clauses = normalizeForMatch(message.slice(0, 2000))
    .split(/[.,;:!?¿¡\n()]+/)
    .map((c) => c.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  for (const clause of clauses) {
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
