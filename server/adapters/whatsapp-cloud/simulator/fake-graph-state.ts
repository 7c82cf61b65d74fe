import { createHmac, randomBytes } from 'node:crypto';
import { inboundMessage, type FakeInboundOptions } from './fake-graph-inbound';

export interface FakeTenant {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  token: string;
  /** a number kept on the WhatsApp Business app: already registered, 20 mps */
  coexistence: boolean;
  registeredPin: string | null;
  subscribed: boolean;
  overrideCallbackUri: string | null;
}

export interface FakeTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
  body: string;
  /** how many {{n}} placeholders the body has: a send must bring as many parameters */
  paramCount: number;
  rejectedReason: string | null;
}

export interface FakeMedia {
  id: string;
  phoneNumberId: string;
  data: Buffer;
  mimeType: string;
}

export interface FakeSent {
  pnid: string;
  body: Record<string, unknown>;
  wamid: string;
  at: number;
}

export interface FakeRead {
  pnid: string;
  messageId: string;
  typing: boolean;
  at: number;
}

/** One webhook POST: its body, the last HTTP status (null: never answered), the attempts made. */
export interface FakeDelivery {
  body: unknown;
  status: number | null;
  attempts: number;
}

export interface FakeGraphStateOptions {
  appSecret: string;
  webhookUrl?: string;
  statusDelayMs?: number;
  /** templates leave PENDING on their own after this long; unset: only on approveTemplate */
  approveAfterMs?: number;
}

export type FakePricing = {
  billable: boolean;
  pricing_model: 'PMP';
  type: string;
  category: string;
};

const WEBHOOK_ATTEMPTS = 4; // the first and 3 retries, as Meta retries anything but a 200
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything the fake Graph API knows, inspectable by tests: tenants, templates, media, what was
 * sent and read, and every webhook it delivered. The routes and the test helpers share it.
 */
export class FakeGraphState {
  readonly appSecret: string;
  webhookUrl: string | null;
  statusDelayMs: number;
  approveAfterMs: number | null;
  /** the fake's clock: a test moves it to close a customer service window without waiting */
  now: () => number = () => Date.now();
  templatePageSize = 100;

  readonly tenants = new Map<string, FakeTenant>();
  readonly templates = new Map<string, FakeTemplate>();
  readonly media = new Map<string, FakeMedia>();
  readonly sent: FakeSent[] = [];
  readonly reads: FakeRead[] = [];
  readonly deliveries: FakeDelivery[] = [];
  /** Graph error codes the next sends answer, one each */
  readonly failures: number[] = [];
  /** error codes the next accepted sends end with, as a `failed` status webhook */
  readonly failedDeliveries: number[] = [];
  /** media-bin downloads to refuse with a 404, as when the 5-minute URL has expired */
  mediaBinFailures = 0;

  private readonly codes = new Map<string, string>();
  private readonly lastInbound = new Map<string, number>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly pending = new Set<Promise<unknown>>();
  private counter = 1000;
  private closed = false;

  constructor(options: FakeGraphStateOptions) {
    this.appSecret = options.appSecret;
    this.webhookUrl = options.webhookUrl ?? null;
    this.statusDelayMs = options.statusDelayMs ?? 20;
    this.approveAfterMs = options.approveAfterMs ?? null;
  }

  addTenant(input: {
    wabaId: string;
    phoneNumberId: string;
    displayPhoneNumber: string;
    verifiedName?: string;
    token: string;
    coexistence?: boolean;
  }): FakeTenant {
    const tenant: FakeTenant = {
      ...input,
      verifiedName: input.verifiedName ?? 'Fake Business',
      coexistence: input.coexistence ?? false,
      registeredPin: null,
      subscribed: false,
      overrideCallbackUri: null,
    };
    this.tenants.set(tenant.phoneNumberId, tenant);
    return tenant;
  }

  tenantByToken(token: string): FakeTenant | undefined {
    for (const tenant of this.tenants.values()) if (tenant.token === token) return tenant;
    return undefined;
  }

  /** An Embedded Signup `code` that /oauth/access_token trades, once, for the tenant's token. */
  mintSignupCode(phoneNumberId: string): string {
    const tenant = this.requireTenant(phoneNumberId);
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.codes.set(code, tenant.token);
    return code;
  }

  redeemCode(code: string): string | null {
    const token = this.codes.get(code) ?? null;
    this.codes.delete(code);
    return token;
  }

  nextId(prefix = ''): string {
    return `${prefix}${++this.counter}`;
  }

  /** A user's message opens (or refreshes) the 24-hour window, under every id we know them by. */
  openWindow(phoneNumberId: string, users: (string | null | undefined)[]): void {
    for (const user of users)
      if (user) this.lastInbound.set(`${phoneNumberId}:${user}`, this.now());
  }

  windowOpen(phoneNumberId: string, user: string): boolean {
    const last = this.lastInbound.get(`${phoneNumberId}:${user}`);
    return last !== undefined && this.now() - last <= DAY_MS;
  }

  failNext(code: number, count = 1): void {
    for (let i = 0; i < count; i++) this.failures.push(code);
  }

  /** A signed `messages` webhook carrying one inbound message; also opens the window. */
  async inbound(
    phoneNumberId: string,
    options: FakeInboundOptions = {},
  ): Promise<{ id: string; status: number }> {
    const tenant = this.requireTenant(phoneNumberId);
    const built = inboundMessage(this, tenant, options);
    this.openWindow(phoneNumberId, [built.waId, built.userId]);
    const body = this.envelope(tenant.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: this.metadata(tenant),
      ...(built.contact ? { contacts: [built.contact] } : {}),
      messages: [built.message],
    });
    let status = await this.postWebhook(body);
    if (options.duplicate) status = await this.postWebhook(body);
    return { id: built.id, status: status ?? 0 };
  }

  /** What the business typed in the WhatsApp Business app (coexistence): smb_message_echoes. */
  async echo(
    phoneNumberId: string,
    options: { to: string; text: string; toUserId?: string; id?: string },
  ): Promise<{ id: string; status: number }> {
    const tenant = this.requireTenant(phoneNumberId);
    const id = options.id ?? `wamid.ECHO${this.nextId()}`;
    const body = this.envelope(tenant.wabaId, 'smb_message_echoes', {
      messaging_product: 'whatsapp',
      metadata: this.metadata(tenant),
      message_echoes: [
        {
          from: tenant.displayPhoneNumber.replace(/\D/g, ''),
          to: options.to,
          ...(options.toUserId ? { to_user_id: options.toUserId } : {}),
          id,
          timestamp: String(Math.floor(this.now() / 1000)),
          type: 'text',
          text: { body: options.text },
        },
      ],
    });
    return { id, status: (await this.postWebhook(body)) ?? 0 };
  }

  /** Meta's review verdict, and its message_template_status_update webhook. */
  async approveTemplate(id: string, status = 'APPROVED'): Promise<number | null> {
    const template = this.templates.get(id);
    if (!template) throw new Error(`no template ${id}`);
    template.status = status;
    template.rejectedReason = status === 'REJECTED' ? 'INVALID_FORMAT' : null;
    return this.postWebhook(
      this.envelope(template.wabaId, 'message_template_status_update', {
        event: status,
        message_template_id: Number(template.id),
        message_template_name: template.name,
        message_template_language: template.language,
        reason: template.rejectedReason ?? 'NONE',
        message_template_category: template.category,
      }),
    );
  }

  /** sent → delivered → read for an accepted send (or sent → failed), spaced by statusDelayMs. */
  scheduleStatuses(tenant: FakeTenant, sent: FakeSent, pricing: FakePricing): void {
    const to = typeof sent.body.to === 'string' ? sent.body.to.replace(/\D/g, '') : null;
    const recipient = typeof sent.body.recipient === 'string' ? sent.body.recipient : null;
    const ref = sent.body.biz_opaque_callback_data;
    const failCode = this.failedDeliveries.shift();
    const steps: { status: string; pricing?: FakePricing; errors?: unknown[] }[] =
      failCode === undefined
        ? [{ status: 'sent', pricing }, { status: 'delivered', pricing }, { status: 'read' }]
        : [
            { status: 'sent', pricing },
            { status: 'failed', errors: [graphErrorItem(failCode)] },
          ];
    const run = async () => {
      for (const step of steps) {
        await this.wait(this.statusDelayMs);
        if (this.closed) return;
        const status = {
          id: sent.wamid,
          status: step.status,
          timestamp: String(Math.floor(this.now() / 1000)),
          ...(to ? { recipient_id: to } : {}),
          ...(recipient ? { recipient_user_id: recipient } : {}),
          ...(typeof ref === 'string' ? { biz_opaque_callback_data: ref } : {}),
          ...(step.pricing ? { pricing: step.pricing } : {}),
          ...(step.errors ? { errors: step.errors } : {}),
        };
        await this.postWebhook(
          this.envelope(tenant.wabaId, 'messages', {
            messaging_product: 'whatsapp',
            metadata: this.metadata(tenant),
            statuses: [status],
          }),
        );
      }
    };
    this.track(run());
  }

  later(ms: number, fn: () => Promise<unknown>): void {
    this.track(this.wait(ms).then(() => (this.closed ? undefined : fn())));
  }

  /**
   * Sign the exact bytes and POST them to the app's webhook; retried on anything but a 200, so
   * the app's idempotency is exercised. Resolves with the last status, null if never answered.
   */
  async postWebhook(body: unknown): Promise<number | null> {
    const url = this.webhookUrl;
    const delivery: FakeDelivery = { body, status: null, attempts: 0 };
    this.deliveries.push(delivery);
    if (!url) return null;
    const raw = Buffer.from(JSON.stringify(body));
    const signature = `sha256=${createHmac('sha256', this.appSecret).update(raw).digest('hex')}`;
    while (delivery.attempts < WEBHOOK_ATTEMPTS && !this.closed) {
      delivery.attempts++;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body: raw,
          signal: AbortSignal.timeout(5000),
        });
        await res.arrayBuffer();
        delivery.status = res.status;
        if (res.status === 200) break;
      } catch {
        delivery.status = null;
      }
    }
    return delivery.status;
  }

  /** Resolves when every scheduled webhook has gone out (or been given up). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.closed = true;
    // A cancelled wait still resolves, so what awaited it ends and close() is not kept waiting.
    for (const [timer, resolve] of this.timers) {
      clearTimeout(timer);
      resolve();
    }
    this.timers.clear();
    await Promise.allSettled([...this.pending]);
  }

  requireTenant(phoneNumberId: string): FakeTenant {
    const tenant = this.tenants.get(phoneNumberId);
    if (!tenant) throw new Error(`no fake tenant for phone number id ${phoneNumberId}`);
    return tenant;
  }

  private metadata(tenant: FakeTenant) {
    return {
      display_phone_number: tenant.displayPhoneNumber.replace(/\D/g, ''),
      phone_number_id: tenant.phoneNumberId,
    };
  }

  private envelope(wabaId: string, field: string, value: unknown) {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(this.now() / 1000), changes: [{ field, value }] }],
    };
  }

  /** A timer close() can cancel: a pending webhook must not outlive the test that caused it. */
  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}

export const GRAPH_ERROR_TEXT: Record<number, string> = {
  100: 'Invalid parameter',
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  130429: 'Rate limit hit',
  131056: 'Pair rate limit hit',
  131000: 'Something went wrong',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  190: 'Invalid OAuth access token',
};

/** One item of Graph's `errors[]` (webhooks) or the inside of its error envelope. */
export function graphErrorItem(code: number, details?: string) {
  const title = GRAPH_ERROR_TEXT[code] ?? 'Error';
  return {
    code,
    title,
    message: `(#${code}) ${title}`,
    error_data: { details: details ?? title },
  };
}
