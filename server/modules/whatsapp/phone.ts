import { canonicalPhone, digitsOnly, jidUser } from '../../lib/phone';

/**
 * One person, one contact: WhatsApp addresses Brazilian mobiles both with and without the 9th
 * digit (older accounts were registered before it existed, and Evolution strips it when sending
 * to DDD ≥ 31 when the number starts with 7 or more), so contacts are keyed by a canonical form.
 */
/** The rule itself lives in lib/phone.ts, shared with the appointments' customers. */
export { canonicalPhone, digitsOnly, jidUser };

export function jidServer(jid: string): string {
  return jid.split('@')[1] ?? '';
}

/** "+55 (11) 98765-4321" → "5511987654321": what the create-instance form stores (digits only). */
export function isPlausiblePhone(value: string): boolean {
  const digits = digitsOnly(value);
  return digits.length >= 10 && digits.length <= 15;
}
