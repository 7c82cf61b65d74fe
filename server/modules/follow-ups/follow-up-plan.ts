import { nextBusinessStart, type Hours } from '../appointments';

/**
 * What a finished turn left open and when its follow-ups go, pure (ADR 0031).
 */
const HOUR_MS = 3_600_000;
/** WhatsApp's customer-service window: a business writes freely this long after the customer. */
export const WHATSAPP_WINDOW_MS = 24 * HOUR_MS;

export type OpenReason = 'question' | 'quote' | 'interest';

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A customer's message that closes the conversation: thanks, goodbye, "ok, combinado". */
const CUSTOMER_CLOSING =
  /^(?:(?:ok|okay|certo|ta|beleza|blz|perfeito|otimo|show|combinado|entendi)[\s,.!]*)*(?:obrigad[oa]|brigad[oa]|valeu|vlw|tchau|ate mais|ate logo|ate amanha|falou|combinado|thanks|thank you|bye)\b/;
/** The agent said goodbye: the conversation was ended on purpose. */
const AGENT_FAREWELL =
  /\b(?:ate logo|ate mais|ate breve|ate a proxima|tenha um (?:otimo|bom|excelente|lindo)|disponha|foi um prazer|bom descanso|goodbye|have a (?:great|nice|good) (?:day|evening|week))\b/;
const PRICE = /r\$\s?\d|\d+(?:,\d{2})?\s?reais\b/;

/**
 * Why the conversation waits on the customer after the agent's turn, or null when nothing is
 * open or the conversation was ended: the agent asked something, quoted a price, or the customer
 * showed an interest not booked yet. A customer's thanks-and-goodbye, or the agent's farewell,
 * end it unless the agent still asked something.
 */
export function openReason(input: {
  agentText: string;
  customerText: string;
  interest: string | null;
  booked: boolean;
}): OpenReason | null {
  const agent = plain(input.agentText);
  const asked = agent.includes('?');
  const customer = plain(input.customerText).trim();
  if (!asked && (CUSTOMER_CLOSING.test(customer) || AGENT_FAREWELL.test(agent))) return null;
  if (asked) return 'question';
  if (PRICE.test(agent)) return 'quote';
  if (input.interest && !input.booked) return 'interest';
  return null;
}

/**
 * When follow-up `attempt` (1-based) of an open message sent at `openAt` is due: its delay after
 * that message. A later attempt whose time has passed (the one before waited for the opening)
 * keeps its gap after the one before instead: never two at once.
 */
export function followUpDueAt(
  openAt: number,
  delaysHours: readonly number[],
  attempt: number,
  now: number,
): Date {
  const delay = delaysHours[attempt - 1]!;
  const nominal = openAt + Math.round(delay * HOUR_MS);
  if (attempt === 1 || nominal > now) return new Date(nominal);
  const gap = delay - delaysHours[attempt - 2]!;
  return new Date(now + Math.round(gap * HOUR_MS));
}

/**
 * Whether a due follow-up goes at `now`: inside the business hours and WhatsApp's window
 * ('send'); at the next opening when that is still inside the window ('defer'); else skipped
 * ('window').
 */
export function followUpSendTime(
  input: { now: number; windowEnd: number },
  hours: Hours,
): { action: 'send' } | { action: 'defer'; at: Date } | { action: 'skip'; reason: 'window' } {
  const { now, windowEnd } = input;
  if (now >= windowEnd) return { action: 'skip', reason: 'window' };
  const open = nextBusinessStart(hours, new Date(now));
  if (!open || open.getTime() >= windowEnd) return { action: 'skip', reason: 'window' };
  if (open.getTime() <= now) return { action: 'send' };
  return { action: 'defer', at: open };
}
