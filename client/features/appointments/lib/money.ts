/** A price in reais as the language writes it (R$ 45,00 / R$45.00). */
export function formatBrl(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(value);
}

/**
 * The price field's text as reais: empty is no price; a comma is the decimal mark (45,90) and dots
 * group thousands (1.250,00) as Brazilians write it; a lone dot with at most two digits after it
 * is a decimal mark too (45.90). Anything else is NaN, which the shared schema refuses.
 */
export function parseBrl(text: string): number | null {
  const value = text.replace(/^\s*R\$\s*/i, '').trim();
  if (value === '') return null;
  if (!/^[\d.,]+$/.test(value)) return Number.NaN;
  if (value.includes(',')) return Number(value.replaceAll('.', '').replace(',', '.'));
  if (/^\d+\.\d{1,2}$/.test(value)) return Number(value);
  return Number(value.replaceAll('.', ''));
}
