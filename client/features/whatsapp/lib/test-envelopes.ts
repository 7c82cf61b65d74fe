import type { TestWebhookEvent } from '@/features/whatsapp/api/send-test-webhook';

/** The test tool's default phone (a São Paulo mobile) and message. */
export const DEFAULT_TEST_PHONE = '11999999999';
export const TEST_PHONE_MAX = 15;
/** The full sequence sends the message after 1.5 s and the open event after 3 s. */
export const SEQUENCE_MESSAGE_AT_MS = 1500;
export const SEQUENCE_CONNECTION_AT_MS = 3000;
/** The results log keeps the latest 20 entries. */
export const TEST_LOG_LIMIT = 20;

/**
 * The webhook test phone gets Brazil's country code 55. A number the owner already typed with the
 * country code (55 plus DDD and number, 12–13 digits) is not prefixed twice.
 */
export function withCountryCode(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('55') && digits.length >= 12) return digits;
  return `55${digits}`;
}

export function testMessageEvent(
  instance: string,
  phone: string,
  text: string,
  now = Date.now(),
  id = `TEST${now.toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
): TestWebhookEvent {
  return {
    event: 'MESSAGES_UPSERT',
    instance,
    data: {
      messages: [
        {
          key: { remoteJid: `${withCountryCode(phone)}@s.whatsapp.net`, fromMe: false, id },
          message: { conversation: text },
          messageTimestamp: Math.floor(now / 1000),
        },
      ],
    },
  };
}

export function testConnectionEvent(instance: string, state: 'open' | 'close'): TestWebhookEvent {
  return { event: 'CONNECTION_UPDATE', instance, data: { state } };
}
