import type { Contact } from '@common/schemas/contacts';
import type { TFunction } from 'i18next';
import { formatPhone } from '@/lib/display-format';

/** How a contact is named: their name, else their phone, else what they are (a site visitor). */
export function contactLabel(contact: Contact, t: TFunction<'contacts'>): string {
  if (contact.name?.trim()) return contact.name.trim();
  if (contact.phone) return formatPhone(contact.phone);
  return contact.channels.includes('webchat') ? t('websiteVisitor') : t('unnamed');
}
