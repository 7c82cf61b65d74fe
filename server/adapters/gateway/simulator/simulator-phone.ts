/**
 * The number a scan links, written the way WhatsApp writes a Brazilian account: the
 * owner may have typed it without the country code ("(11) 98765-4321") or without a mobile's 9th
 * digit; WhatsApp shows 55 + DDD + 9 + 8 digits. Other countries keep their digits.
 */
export function whatsappNumber(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  // 10 or 11 digits with a valid DDD (11–99): a Brazilian number typed without its 55.
  if ((digits.length === 10 || digits.length === 11) && /^[1-9][1-9]/.test(digits)) {
    digits = `55${digits}`;
  }
  if (digits.startsWith('55') && digits.length === 12 && /^[6-9]/.test(digits.slice(4))) {
    digits = `${digits.slice(0, 4)}9${digits.slice(4)}`;
  }
  return digits;
}
