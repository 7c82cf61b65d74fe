import { apiRequest } from '@/lib/api-client';

/** The simplified gateway envelopes the test tool posts for the signed-in owner. */
export type TestWebhookEvent =
  | {
      event: 'MESSAGES_UPSERT';
      instance: string;
      data: {
        messages: {
          key: { remoteJid: string; fromMe: boolean; id: string };
          message: { conversation: string };
          messageTimestamp: number;
        }[];
      };
    }
  | { event: 'CONNECTION_UPDATE'; instance: string; data: { state: 'open' | 'close' } };

/** POST /api/whatsapp/webhook with the owner's session (the test tool; no instance secret). */
export function sendTestWebhook(body: TestWebhookEvent): Promise<unknown> {
  return apiRequest<unknown>('/api/whatsapp/webhook', { method: 'POST', body });
}
