import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { salesWhatsappUrl } from './sales-contact';

describe('sales WhatsApp link', () => {
  it('is a wa.me link with the digits of SALES_WHATSAPP_NUMBER', () => {
    const config = loadConfig({ SALES_WHATSAPP_NUMBER: '+55 (11) 98888-7777' });
    expect(salesWhatsappUrl(config)).toMatch(/^https:\/\/wa\.me\/5511988887777\?text=/);
  });

  it('is absent when no number is configured', () => {
    expect(salesWhatsappUrl(loadConfig({}))).toBeNull();
  });
});
