import type { Config } from '../../config';

/** wa.me link to the sales team, when SALES_WHATSAPP_NUMBER is configured (digits only). */
export function salesWhatsappUrl(config: Config): string | null {
  const digits = (config.SALES_WHATSAPP_NUMBER ?? '').replace(/\D/g, '');
  if (digits.length < 10) return null;
  const text = encodeURIComponent('Olá! Quero saber mais sobre o plano Consultoria.');
  return `https://wa.me/${digits}?text=${text}`;
}
