import type { z } from 'zod';
import { SUBSCRIBED_EVENTS, type WebhookEventName } from './evolution-events';
import {
  callGateway,
  DEFAULT_RETRY,
  flattenGatewayMessage,
  type CallOptions,
  type GatewayFetch,
  type RetryPolicy,
  type TransportOptions,
} from './evolution-http';
import {
  createInstanceResponseSchema,
  fetchInstancesResponseSchema,
  inBandErrorSchema,
  instanceStateSchema,
  mediaBase64ResponseSchema,
  presenceResponseSchema,
  qrSchema,
  readResponseSchema,
  statusResponseSchema,
  webhookRowSchema,
  type FetchedInstance,
  type GatewayQr,
  type MediaBase64,
  type WebhookRow,
} from './evolution-responses';
import { messageDataSchema, type MessageData, type MessageKey } from './evolution-webhook';
import { GatewayError } from './gateway-error';

export interface EvolutionClientOptions {
  /** e.g. https://evo.example.com, or a function when the address is known only at run time */
  baseUrl: string | (() => string);
  /** the global key (AUTHENTICATION_API_KEY): the only one that may create instances */
  apiKey: string;
  timeoutMs?: number;
  /** outboundFetch-based for user-registered gateways; the global fetch otherwise */
  fetch?: GatewayFetch;
  retry?: Partial<RetryPolicy>;
}

export interface WebhookConfig {
  url: string;
  /** sent verbatim on every delivery (the gateway signs nothing): our per-instance secret */
  headers?: Record<string, string>;
  byEvents?: boolean;
  base64?: boolean;
  /** UPPER_SNAKE; defaults to SUBSCRIBED_EVENTS. Never empty: `[]` means all events. */
  events?: readonly WebhookEventName[];
}

export type ConnectResult = { state: 'open' } | { state: 'connecting'; qr: GatewayQr };
export type InstanceState = 'open' | 'connecting' | 'close' | 'refused' | (string & {});
export type Presence = 'composing' | 'recording' | 'paused' | 'available' | 'unavailable';

const enc = encodeURIComponent;

/** Typed client of the Evolution API v2 REST contract (as 2.3.6 and 2.3.7 behave). */
export class EvolutionClient {
  private readonly transport: TransportOptions;

  constructor(options: EvolutionClientOptions) {
    this.transport = {
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? 15_000,
      fetch: options.fetch ?? fetch,
      retry: { ...DEFAULT_RETRY, ...options.retry },
    };
  }

  /** The webhook is registered inline; `events` is always sent (missing → 400). */
  async createInstance(input: {
    instanceName: string;
    webhook: WebhookConfig;
    qrcode?: boolean;
    number?: string;
    token?: string;
  }) {
    const body = {
      instanceName: input.instanceName,
      integration: 'WHATSAPP-BAILEYS',
      qrcode: input.qrcode ?? true,
      ...(input.number ? { number: input.number } : {}),
      ...(input.token ? { token: input.token } : {}),
      webhook: webhookBody(input.webhook),
    };
    const res = await this.call({
      method: 'POST',
      path: '/instance/create',
      body,
      idempotent: true,
    });
    const parsed = this.parse(createInstanceResponseSchema, res);
    const token = typeof parsed.hash === 'string' ? parsed.hash : parsed.hash.apikey;
    return { instance: parsed.instance, token, qr: parsed.qrcode };
  }

  /** Failures come back as HTTP 200 `{error:true,message}`, never as a 4xx. */
  async connect(instanceName: string, number?: string): Promise<ConnectResult> {
    const query = number ? `?number=${enc(number)}` : '';
    const path = `/instance/connect/${enc(instanceName)}${query}`;
    const res = await this.call({ method: 'GET', path, idempotent: true });
    const failed = inBandErrorSchema.safeParse(res);
    if (failed.success) {
      throw new GatewayError('GATEWAY_FAILED', {
        status: 200,
        gatewayMessage: flattenGatewayMessage(failed.data.message),
      });
    }
    const open = instanceStateSchema.safeParse(res);
    if (open.success && open.data.instance.state === 'open') return { state: 'open' };
    return { state: 'connecting', qr: this.parse(qrSchema, res) };
  }

  async connectionState(instanceName: string): Promise<InstanceState> {
    const path = `/instance/connectionState/${enc(instanceName)}`;
    const res = await this.call({ method: 'GET', path, idempotent: true });
    return this.parse(instanceStateSchema, res).instance.state;
  }

  /** An array of DB rows (token in clear, no webhook config); unknown name → 404. */
  async fetchInstances(filter: { instanceName?: string } = {}): Promise<FetchedInstance[]> {
    const query = filter.instanceName ? `?instanceName=${enc(filter.instanceName)}` : '';
    const path = `/instance/fetchInstances${query}`;
    const res = await this.call({ method: 'GET', path, idempotent: true });
    return this.parse(fetchInstancesResponseSchema, res);
  }

  /** A 400 "is not connected" means there was nothing to log out — not a failure. */
  async logout(instanceName: string): Promise<{ loggedOut: boolean }> {
    const path = `/instance/logout/${enc(instanceName)}`;
    try {
      const res = await this.call({ method: 'DELETE', path, idempotent: true });
      this.parse(statusResponseSchema, res);
      return { loggedOut: true };
    } catch (err) {
      if (err instanceof GatewayError && err.code === 'GATEWAY_NOT_CONNECTED') {
        return { loggedOut: false };
      }
      throw err;
    }
  }

  async deleteInstance(instanceName: string): Promise<void> {
    const path = `/instance/delete/${enc(instanceName)}`;
    const res = await this.call({ method: 'DELETE', path, idempotent: true });
    this.parse(statusResponseSchema, res);
  }

  /** Every set overwrites every field (left-out headers become null), so send all. */
  async setWebhook(
    instanceName: string,
    webhook: WebhookConfig & { enabled?: boolean },
  ): Promise<WebhookRow> {
    const body = { webhook: { enabled: webhook.enabled ?? true, ...webhookBody(webhook) } };
    const path = `/webhook/set/${enc(instanceName)}`;
    const res = await this.call({ method: 'POST', path, body, idempotent: true });
    return this.parse(webhookRowSchema, res);
  }

  /** The body is the literal `null` when no webhook is set. */
  async findWebhook(instanceName: string): Promise<WebhookRow | null> {
    const path = `/webhook/find/${enc(instanceName)}`;
    const res = await this.call({ method: 'GET', path, idempotent: true });
    return res === null || res === undefined ? null : this.parse(webhookRowSchema, res);
  }

  /** `delay` shows "typing…" and holds the HTTP answer that long. */
  async sendText(
    instanceName: string,
    input: { number: string; text: string; delay?: number; linkPreview?: boolean },
  ): Promise<MessageData> {
    const path = `/message/sendText/${enc(instanceName)}`;
    const res = await this.send(path, input, input.delay);
    return this.parse(messageDataSchema, res);
  }

  /**
   * An image or a document, as JSON: `media` is raw base64 (no data: prefix); a base64 document
   * needs its `fileName` (else 400).
   */
  async sendMedia(
    instanceName: string,
    input: {
      number: string;
      mediatype: 'image' | 'document';
      media: string;
      mimetype: string;
      fileName: string;
      caption?: string;
      delay?: number;
    },
  ): Promise<MessageData> {
    const path = `/message/sendMedia/${enc(instanceName)}`;
    const res = await this.send(path, input, input.delay);
    return this.parse(messageDataSchema, res);
  }

  /** All three fields are required, and the call blocks for `delay`. */
  async sendPresence(
    instanceName: string,
    input: { number: string; presence: Presence; delay: number },
  ): Promise<{ presence: string }> {
    const path = `/chat/sendPresence/${enc(instanceName)}`;
    const res = await this.send(path, input, input.delay);
    return this.parse(presenceResponseSchema, res);
  }

  /** A voice note (PTT); `audio` is a URL or raw base64 without a data: prefix. */
  async sendWhatsAppAudio(
    instanceName: string,
    input: { number: string; audio: string; delay?: number },
  ): Promise<MessageData> {
    const path = `/message/sendWhatsAppAudio/${enc(instanceName)}`;
    const res = await this.send(path, input, input.delay);
    return this.parse(messageDataSchema, res);
  }

  /** Pass the webhook's `data` (key + message) or just `{key:{id}}`. */
  async getBase64FromMediaMessage(
    instanceName: string,
    input: {
      message: { key: Pick<MessageKey, 'id'> & Partial<MessageKey> } & Record<string, unknown>;
      convertToMp4?: boolean;
    },
  ): Promise<MediaBase64> {
    const path = `/chat/getBase64FromMediaMessage/${enc(instanceName)}`;
    const body = { convertToMp4: false, ...input };
    const res = await this.call({ method: 'POST', path, body, idempotent: true });
    return this.parse(mediaBase64ResponseSchema, res);
  }

  /** `@lid` keys are silently dropped by 2.3.x even though the call answers success. */
  async markMessageAsRead(
    instanceName: string,
    keys: { remoteJid: string; fromMe: boolean; id: string }[],
  ): Promise<void> {
    const path = `/chat/markMessageAsRead/${enc(instanceName)}`;
    const body = { readMessages: keys };
    const res = await this.call({ method: 'POST', path, body, idempotent: true });
    this.parse(readResponseSchema, res);
  }

  private send(path: string, body: object, delay: number | undefined) {
    return this.call({ method: 'POST', path, body, extraTimeoutMs: delay ?? 0, idempotent: false });
  }

  private async call(call: CallOptions): Promise<unknown> {
    return (await callGateway(this.transport, call)).body;
  }

  private parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new GatewayError('GATEWAY_FAILED', {
      gatewayMessage: `unexpected response: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    });
  }
}

function webhookBody(webhook: WebhookConfig) {
  return {
    url: webhook.url,
    headers: webhook.headers ?? {},
    byEvents: webhook.byEvents ?? false,
    base64: webhook.base64 ?? true,
    // An empty list would subscribe to all 31 events, so it falls back to ours.
    events: [...(webhook.events?.length ? webhook.events : SUBSCRIBED_EVENTS)],
  };
}
