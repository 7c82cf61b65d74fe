/**
 * Phone numbers as contacts are keyed (WhatsApp, appointments): one person, one form. WhatsApp
 * addresses Brazilian mobiles both with and without the 9th digit (older accounts were registered
 * before it existed, and Evolution strips it when sending to DDD ≥ 31 when the number starts with
 * 7 or more), so contacts are keyed by a canonical form.
 */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * Brazilian numbers in canonical form: 55 + DDD + 9 + 8 digits for mobiles. A 12-digit mobile
 * (55 + DDD + 8 digits starting 6–9) gets its 9th digit back; landlines (2–5) stay as they are.
 * Other countries are returned as digits.
 */
export function canonicalPhone(value: string): string {
  const digits = digitsOnly(value);
  if (digits.startsWith('55') && digits.length === 12) {
    const ddd = digits.slice(2, 4);
    const local = digits.slice(4);
    if (/^[6-9]/.test(local)) return `55${ddd}9${local}`;
  }
  return digits;
}

/**
 * Both spellings of a Brazilian mobile, with and without the 9th digit, canonical first: stored
 * data written before a number was canonical (a gateway's payload, say) may hold either.
 */
export function phoneVariants(value: string): string[] {
  const canonical = canonicalPhone(value);
  if (canonical.startsWith('55') && canonical.length === 13 && canonical[4] === '9') {
    return [canonical, canonical.slice(0, 4) + canonical.slice(5)];
  }
  return [canonical];
}

/** The user part of a JID: "5511987654321@s.whatsapp.net" → "5511987654321"; ":device" dropped. */
export function jidUser(jid: string): string {
  return jid.split('@')[0]!.split(':')[0]!;
}
