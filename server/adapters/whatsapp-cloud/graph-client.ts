import { readLimited } from './graph-media';
import {
  graphFetch,
  graphHttpError,
  graphJson,
  parseBody,
  parseWith,
  unexpected,
  type GraphCall,
  type GraphTransport,
} from './graph-http';
import { messageBody, type CloudOutgoing } from './graph-messages';
import {
  mediaInfoSchema,
  phoneNumberSchema,
  phoneNumbersSchema,
  sendResponseSchema,
  successSchema,
  templateCreatedSchema,
  templatePageSchema,
  templateSchema,
  toCloudTemplate,
  tokenResponseSchema,
  uploadResponseSchema,
  type CloudTemplate,
} from './graph-responses';

export { isRetryableCloudError } from './graph-http';
export type { CloudOutgoing } from './graph-messages';
export type { CloudTemplate } from './graph-responses';

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com/v25.0: version included, no trailing slash */
  baseUrl: string;
  /** the tenant's business token (or our system user's) */
  accessToken: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CreateTemplateInput {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING';
  /** positional placeholders: {{1}}, {{2}}… */
  body: string;
  /** one example per placeholder; Meta rejects a template whose placeholders have none */
  bodyExamples: string[];
  header?: string;
  footer?: string;
  buttons?: { type: 'QUICK_REPLY'; text: string }[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Enough for any WABA we serve (250 templates unverified, 100 a page), bounded all the same. */
const MAX_TEMPLATE_PAGES = 10;
const TEMPLATE_FIELDS = 'id,name,language,category,status,components,rejected_reason';
const PHONE_FIELDS =
  'id,display_phone_number,verified_name,quality_rating,is_on_biz_app,platform_type';

const enc = encodeURIComponent;

/** Typed client of the WhatsApp Cloud API on Graph: one method per endpoint, each answer checked. */
export class GraphClient {
  private readonly transport: GraphTransport;

  constructor(options: GraphClientOptions) {
    this.transport = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      accessToken: options.accessToken,
      fetch: options.fetch ?? fetch,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      secrets: [options.accessToken],
    };
  }

  async sendMessage(
    phoneNumberId: string,
    message: CloudOutgoing,
  ): Promise<{ wamid: string; waId: string | null; userId: string | null }> {
    const res = await this.call({
      method: 'POST',
      path: `/${enc(phoneNumberId)}/messages`,
      json: messageBody(message),
    });
    const parsed = parseWith(sendResponseSchema, res, 'send');
    const contact = parsed.contacts?.[0];
    return {
      wamid: parsed.messages[0]!.id,
      waId: contact?.wa_id ?? null,
      userId: contact?.user_id ?? null,
    };
  }

  /** Marking one message read marks the thread read; the typing indicator lasts up to 25 s. */
  async markRead(
    phoneNumberId: string,
    wamid: string,
    options: { typing?: boolean } = {},
  ): Promise<void> {
    const res = await this.call({
      method: 'POST',
      path: `/${enc(phoneNumberId)}/messages`,
      json: {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: wamid,
        ...(options.typing ? { typing_indicator: { type: 'text' } } : {}),
      },
    });
    parseWith(successSchema, res, 'mark read');
  }

  /** The download URL lives 5 minutes: fetch it right before downloading. */
  async mediaInfo(
    mediaId: string,
  ): Promise<{ url: string; mimeType: string | null; fileSize: number | null }> {
    const res = await this.call({ method: 'GET', path: `/${enc(mediaId)}` });
    const info = parseWith(mediaInfoSchema, res, 'media info');
    return { url: info.url, mimeType: info.mime_type ?? null, fileSize: info.file_size ?? null };
  }

  /**
   * The bytes of a media id, or null when they are over `limitBytes` (by the declared size, the
   * Content-Length, or what actually arrives). The URL needs the same bearer header; a 404 means
   * it expired between the two calls, so a fresh one is fetched once.
   */
  async downloadMedia(
    mediaId: string,
    limitBytes: number,
  ): Promise<{ data: Buffer; mimeType: string | null } | null> {
    for (let attempt = 1; ; attempt++) {
      const info = await this.mediaInfo(mediaId);
      if (info.fileSize !== null && info.fileSize > limitBytes) return null;
      const response = await graphFetch(this.transport, { method: 'GET', path: info.url });
      if (response.status === 404 && attempt === 1) {
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) {
        const body = parseBody(await response.text().catch(() => ''));
        throw graphHttpError(response.status, body, this.transport.secrets);
      }
      const data = await readLimited(response, limitBytes);
      if (data === null) return null;
      const mimeType = response.headers.get('content-type') ?? info.mimeType;
      return { data, mimeType };
    }
  }

  async uploadMedia(
    phoneNumberId: string,
    file: { data: Buffer; mimeType: string; fileName: string },
  ): Promise<string> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', file.mimeType);
    form.append(
      'file',
      new Blob([new Uint8Array(file.data)], { type: file.mimeType }),
      file.fileName,
    );
    const res = await this.call({ method: 'POST', path: `/${enc(phoneNumberId)}/media`, form });
    return parseWith(uploadResponseSchema, res, 'media upload').id;
  }

  async phoneNumber(phoneNumberId: string): Promise<{
    id: string;
    displayPhoneNumber: string | null;
    verifiedName: string | null;
    qualityRating: string | null;
    isOnBizApp: boolean;
    platformType: string | null;
  }> {
    const res = await this.call({
      method: 'GET',
      path: `/${enc(phoneNumberId)}`,
      query: { fields: PHONE_FIELDS },
    });
    const p = parseWith(phoneNumberSchema, res, 'phone number');
    return {
      id: p.id,
      displayPhoneNumber: p.display_phone_number ?? null,
      verifiedName: p.verified_name ?? null,
      qualityRating: p.quality_rating ?? null,
      isOnBizApp: p.is_on_biz_app ?? false,
      platformType: p.platform_type ?? null,
    };
  }

  /** A coexistence signup reports no phone number id: this is how it is found. */
  async phoneNumbers(
    wabaId: string,
  ): Promise<{ id: string; displayPhoneNumber: string | null; verifiedName: string | null }[]> {
    const res = await this.call({ method: 'GET', path: `/${enc(wabaId)}/phone_numbers` });
    return parseWith(phoneNumbersSchema, res, 'phone numbers').data.map((p) => ({
      id: p.id,
      displayPhoneNumber: p.display_phone_number ?? null,
      verifiedName: p.verified_name ?? null,
    }));
  }

  /** Without this subscription Meta sends none of the WABA's webhooks to our app. */
  async subscribeApp(wabaId: string): Promise<void> {
    const res = await this.call({ method: 'POST', path: `/${enc(wabaId)}/subscribed_apps` });
    parseWith(successSchema, res, 'subscribed_apps');
  }

  /** The pin becomes the number's two-step verification PIN. Never for a coexistence number. */
  async register(phoneNumberId: string, pin: string): Promise<void> {
    const res = await this.call({
      method: 'POST',
      path: `/${enc(phoneNumberId)}/register`,
      json: { messaging_product: 'whatsapp', pin },
    });
    parseWith(successSchema, res, 'register');
  }

  /** Each sync runs once, within 24 h of a coexistence onboarding; the data comes by webhook. */
  async syncSmbData(
    phoneNumberId: string,
    syncType: 'smb_app_state_sync' | 'history',
  ): Promise<void> {
    await this.call({
      method: 'POST',
      path: `/${enc(phoneNumberId)}/smb_app_data`,
      json: { messaging_product: 'whatsapp', sync_type: syncType },
    });
  }

  async createTemplate(
    wabaId: string,
    input: CreateTemplateInput,
  ): Promise<{ id: string; status: string; category: string }> {
    const res = await this.call({
      method: 'POST',
      path: `/${enc(wabaId)}/message_templates`,
      json: templateBody(input),
    });
    const t = parseWith(templateCreatedSchema, res, 'template create');
    return { id: t.id, status: t.status, category: t.category };
  }

  async listTemplates(wabaId: string): Promise<CloudTemplate[]> {
    const templates: CloudTemplate[] = [];
    let call: GraphCall | null = {
      method: 'GET',
      path: `/${enc(wabaId)}/message_templates`,
      query: { fields: TEMPLATE_FIELDS, limit: '100' },
    };
    for (let page = 0; call && page < MAX_TEMPLATE_PAGES; page++) {
      const res = await this.call(call);
      const parsed = parseWith(templatePageSchema, res, 'templates');
      templates.push(...parsed.data.map(toCloudTemplate));
      const next = parsed.paging?.next;
      call = next && this.sameOrigin(next) ? { method: 'GET', path: next } : null;
    }
    return templates;
  }

  async template(templateId: string): Promise<CloudTemplate> {
    const res = await this.call({
      method: 'GET',
      path: `/${enc(templateId)}`,
      query: { fields: TEMPLATE_FIELDS },
    });
    return toCloudTemplate(parseWith(templateSchema, res, 'template'));
  }

  /** By name deletes every language; with the id (hsm_id) only that one. */
  async deleteTemplate(wabaId: string, name: string, templateId?: string): Promise<void> {
    const res = await this.call({
      method: 'DELETE',
      path: `/${enc(wabaId)}/message_templates`,
      query: { name, hsm_id: templateId },
    });
    parseWith(successSchema, res, 'template delete');
  }

  /**
   * Trade Embedded Signup's `code` (valid 30 s) for the customer's business token. Meta's page
   * shows a bare token as the answer and Graph's convention is JSON, so both are accepted.
   */
  static async exchangeCode(input: {
    baseUrl: string;
    appId: string;
    appSecret: string;
    code: string;
    fetch?: typeof fetch;
    timeoutMs?: number;
  }): Promise<string> {
    const transport: GraphTransport = {
      baseUrl: input.baseUrl.replace(/\/+$/, ''),
      accessToken: null,
      fetch: input.fetch ?? fetch,
      timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      secrets: [input.appSecret, input.code],
    };
    const res = await graphJson(transport, {
      method: 'GET',
      path: '/oauth/access_token',
      query: { client_id: input.appId, client_secret: input.appSecret, code: input.code },
    });
    const json = tokenResponseSchema.safeParse(res);
    if (json.success) return json.data.access_token;
    if (typeof res === 'string' && /^[\w.-]+$/.test(res.trim())) return res.trim();
    // The body is not echoed: it would be the token if our guess at its shape were wrong.
    throw unexpected('token exchange', 'neither {access_token} nor a bare token');
  }

  /** Paging links are absolute; our bearer token goes to Graph's own origin only. */
  private sameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === new URL(this.transport.baseUrl).origin;
    } catch {
      return false;
    }
  }

  private call(call: GraphCall): Promise<unknown> {
    return graphJson(this.transport, call);
  }
}

function templateBody(input: CreateTemplateInput) {
  const components: Record<string, unknown>[] = [];
  if (input.header) components.push({ type: 'HEADER', format: 'TEXT', text: input.header });
  components.push({
    type: 'BODY',
    text: input.body,
    ...(input.bodyExamples.length > 0 ? { example: { body_text: [input.bodyExamples] } } : {}),
  });
  if (input.footer) components.push({ type: 'FOOTER', text: input.footer });
  if (input.buttons?.length) components.push({ type: 'BUTTONS', buttons: input.buttons });
  return {
    name: input.name,
    language: input.language,
    category: input.category,
    parameter_format: 'positional',
    components,
  };
}
