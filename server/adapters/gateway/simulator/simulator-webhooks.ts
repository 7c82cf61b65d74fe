import type { FastifyBaseLogger } from 'fastify';
import { toByEventsSuffix, toDotted, type WebhookEventName } from '../evolution-events';
import type { SimInstance } from './simulator.repo';

/** Delivery defaults of the real gateway (its WEBHOOK_RETRY_* settings); tests shorten them. */
export interface DeliverySettings {
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

export const REAL_DELIVERY: DeliverySettings = {
  attempts: 10,
  initialDelayMs: 5000,
  maxDelayMs: 300_000,
  timeoutMs: 30_000,
};

/** The WEBHOOK_RETRY_NON_RETRYABLE_STATUS_CODES default; everything else is retried. */
const NON_RETRYABLE = new Set([400, 401, 403, 404, 422]);

export interface StoredWebhook {
  url: string;
  headers: Record<string, string> | null;
  enabled: boolean;
  events: string[];
  webhookByEvents: boolean;
  webhookBase64: boolean;
}

export interface EmitOptions {
  /** test hook: deliver the same envelope this many times (at-least-once) */
  copies?: number;
  /** test hook: hold this delivery back so later ones overtake it (out of order) */
  delayMs?: number;
}

/**
 * Posts envelopes over real HTTP the way the gateway does: fire and forget (the API call that
 * caused the event never waits), retried with doubling backoff and ±20 % jitter, retries
 * kept in memory only — lost on restart, exactly like the real server's.
 */
export class WebhookDispatcher {
  settings: DeliverySettings = { ...REAL_DELIVERY };
  private closed = false;
  private readonly pending = new Set<Promise<void>>();
  /** in-flight requests and backoff timers, cancelled together on close */
  private readonly cancels = new Set<() => void>();

  constructor(
    private readonly serverUrl: () => string,
    private readonly log: FastifyBaseLogger,
  ) {}

  emit(instance: SimInstance, name: WebhookEventName, data: unknown, options: EmitOptions = {}) {
    const webhook = instance.webhook as StoredWebhook | null;
    // Deliveries happen only to an enabled http(s) URL subscribed to this event.
    if (!webhook?.enabled || !/^https?:\/\//.test(webhook.url)) return;
    if (!webhook.events.includes(name)) return;
    const event = toDotted(name);
    const envelope = {
      event,
      instance: instance.name,
      data,
      destination: webhook.url,
      date_time: saoPauloTimeLabelledUtc(),
      // `sender` is left out until the account has connected once.
      ...(instance.wuid ? { sender: instance.wuid } : {}),
      server_url: this.serverUrl(),
      apikey: instance.token,
    };
    const url = webhook.webhookByEvents
      ? `${webhook.url.replace(/\/+$/, '')}/${toByEventsSuffix(event)}`
      : webhook.url;
    const headers = { 'content-type': 'application/json', ...webhook.headers };
    const body = JSON.stringify(envelope);
    for (let i = 0; i < Math.max(1, options.copies ?? 1); i++) {
      this.track(this.deliver(url, headers, body, options.delayMs ?? 0));
    }
  }

  /** Resolves when every queued delivery (with its retries) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close() {
    this.closed = true;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
  }

  private track(promise: Promise<void>) {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise));
  }

  private async deliver(url: string, headers: Record<string, string>, body: string, hold: number) {
    const { attempts, initialDelayMs, maxDelayMs, timeoutMs } = this.settings;
    if (hold > 0 && !(await this.wait(hold))) return;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let status: number;
      if (this.closed) return;
      const controller = new AbortController();
      const cancel = () => controller.abort();
      const timer = setTimeout(cancel, timeoutMs);
      this.cancels.add(cancel);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: controller.signal,
        });
        status = response.status;
        await response.arrayBuffer();
        if (response.ok) return;
        if (NON_RETRYABLE.has(status)) {
          this.log.warn({ url, status }, 'simulator webhook refused; not retried');
          return;
        }
      } catch (err) {
        if (this.closed) return;
        this.log.debug({ err, url }, 'simulator webhook delivery failed');
      } finally {
        clearTimeout(timer);
        this.cancels.delete(cancel);
      }
      if (attempt === attempts) break;
      const base = Math.min(maxDelayMs, initialDelayMs * 2 ** (attempt - 1));
      const delay = Math.max(initialDelayMs, base * (0.8 + Math.random() * 0.4));
      if (!(await this.wait(delay))) return;
    }
    this.log.warn({ url }, 'simulator webhook gave up after the last attempt');
  }

  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(false);
      const cancel = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.cancels.delete(cancel);
        resolve(true);
      }, ms);
      this.cancels.add(cancel);
    });
  }
}

let lastEventMs = 0;

/**
 * The real `date_time` is the server's wall-clock time (the official image runs in
 * America/Sao_Paulo, UTC−3, no DST since 2019) mislabelled with a `Z`. Reproduced on purpose
 * so consumers learn to use `data.messageTimestamp` instead. Each event gets a later millisecond
 * than the one before: consumers order an instance's connection and QR events by this clock, and
 * on a real gateway each of those follows an exchange with WhatsApp, while here the API calls
 * that cause them can come within one millisecond.
 */
function saoPauloTimeLabelledUtc(): string {
  lastEventMs = Math.max(Date.now(), lastEventMs + 1);
  return new Date(lastEventMs - 3 * 60 * 60 * 1000).toISOString();
}
