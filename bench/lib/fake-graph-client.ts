import { createHmac, randomBytes } from 'node:crypto';
import { startFakeProcess } from './fake-process';

export interface FakeGraphStats {
  sends: number;
  /** read marks (each answered message is marked read as its answer starts) */
  reads: number;
  /** sent / delivered / read status webhooks posted back to the app and settled */
  statusWebhooks: number;
  /** of those, answered with anything but a 200 after the fake's retries */
  statusWebhooksNot200: number;
  statusWebhooksPending: number;
  /** recipient number (digits) → epoch ms of its first send */
  firstSendAt: Record<string, number>;
  /** recipient number (digits) → epoch ms of its latest send */
  lastSendAt: Record<string, number>;
}

export interface FakeGraphTenant {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  token: string;
}

export interface FakeGraphProcess {
  /** GRAPH_API_URL for the app (the origin with /v25.0) */
  url: string;
  pid: number;
  /** a new WhatsApp number in the fake, for one agent */
  addTenant(): Promise<FakeGraphTenant>;
  setWebhookUrl(url: string): Promise<void>;
  openWindow(phoneNumberId: string, users: string[]): Promise<void>;
  stats(): Promise<FakeGraphStats>;
  sentSince(
    after: number,
  ): Promise<{ next: number; sent: { to: string; text: string; at: number }[] }>;
  stop(): Promise<void>;
}

let tenantSeq = 0;

/** Starts bench/lib/fake-graph-process.ts; resolves once it listens. */
export async function startFakeGraphProcess(
  appSecret: string,
  statusDelayMs = 20,
): Promise<FakeGraphProcess> {
  const fake = await startFakeProcess('fake-graph-process.ts', 'fake Graph API', {
    BENCH_GRAPH_APP_SECRET: appSecret,
    BENCH_GRAPH_STATUS_DELAY_MS: String(statusDelayMs),
  });
  const call = async (op: string, args: Record<string, unknown> = {}) => {
    const result = await fake.request({ op, ...args });
    const failed = result as { error?: string } | null;
    if (failed && typeof failed === 'object' && typeof failed.error === 'string')
      throw new Error(`fake Graph ${op}: ${failed.error}`);
    return result;
  };
  return {
    url: fake.url,
    pid: fake.pid,
    async addTenant() {
      const n = `${process.pid}${++tenantSeq}`.padStart(9, '0').slice(-9);
      const tenant = {
        wabaId: `10${n}`,
        phoneNumberId: `20${n}`,
        displayPhoneNumber: `+55 11 9${n.slice(-8, -4)}-${n.slice(-4)}`,
        token: `EAAB${randomBytes(20).toString('hex')}`,
      };
      await call('addTenant', tenant);
      return tenant;
    },
    setWebhookUrl: async (url) => void (await call('setWebhookUrl', { url })),
    openWindow: async (phoneNumberId, users) =>
      void (await call('openWindow', { phoneNumberId, users })),
    stats: async () => (await call('stats')) as FakeGraphStats,
    sentSince: async (after) =>
      (await call('sentSince', { after })) as Awaited<ReturnType<FakeGraphProcess['sentSince']>>,
    stop: () => fake.stop(),
  };
}

/**
 * The body and signature of the webhook Meta posts for one customer's text message (the shape of
 * the fake's own `inbound()`), signed with the app secret as `X-Hub-Signature-256`.
 */
export function signedInbound(
  appSecret: string,
  tenant: FakeGraphTenant,
  message: { from: string; id: string; text: string; name?: string },
): { body: string; signature: string } {
  const digits = message.from.replace(/\D/g, '');
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: tenant.wabaId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: tenant.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: tenant.phoneNumberId,
              },
              contacts: [
                {
                  profile: { name: message.name ?? 'Cliente' },
                  wa_id: digits,
                  user_id: `BR.${digits}`,
                },
              ],
              messages: [
                {
                  from: digits,
                  from_user_id: `BR.${digits}`,
                  id: message.id,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return { body, signature };
}
