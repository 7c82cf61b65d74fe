import type { InboxConversationItem } from '@common/schemas/inbox';
import { formatPhone } from '@/lib/display-format';

export { formatClock as formatWhen, formatPhone } from '@/lib/display-format';

/**
 * How the contact is named in the list: their name, else their phone, else null (the caller says
 * "Cliente" or "Visitante do site").
 */
export function contactLabel(contact: InboxConversationItem['contact']): string | null {
  if (contact.name?.trim()) return contact.name.trim();
  if (contact.phone) return formatPhone(contact.phone);
  return null;
}
