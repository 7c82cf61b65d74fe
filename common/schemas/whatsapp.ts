import { z } from 'zod';

/**
 * The WhatsApp contract shared by the server (validation, responses) and the screens (forms,
 * types). Routes are the API's original contract plus the additions noted on each type. Messages
 * are keys of the `errors` catalogue.
 */

// ---------------------------------------------------------------------------------------------
// Per-agent instance — /api/agents/{id}/whatsapp…

/** Stored statuses. Gateway states map onto these; anything else is kept as-is. */
export const WHATSAPP_STATUSES = [
  'PENDING',
  'CREATED',
  'AWAITING_QR_SCAN',
  'CONNECTED',
  'DISCONNECTED',
] as const;
export type WhatsappStatus = (typeof WHATSAPP_STATUSES)[number] | (string & {});

export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Digits with the separators people type: spaces, dots, brackets, hyphens and a leading +. */
const PHONE_WRITING = /^\s*\+?[\d\s().-]*$/;
/** What the phone input may hold while typing: the digits plus those separators. */
export const PHONE_INPUT_MAX = 25;

/** POST /api/agents/{id}/whatsapp/create-instance */
export const createWhatsappInstanceSchema = z.object({
  phoneNumber: z
    .string('whatsapp.phoneRequired')
    // The usual ways of writing a number pass; a letter is a typo to point out, not to drop
    // ("(11) 9abc" must not silently become "119").
    .regex(PHONE_WRITING, { error: 'whatsapp.phoneChars', abort: true })
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        // abort: an empty number is "required", not also "too short"
        .min(1, { error: 'whatsapp.phoneRequired', abort: true })
        .min(PHONE_MIN_DIGITS, 'whatsapp.phoneMin')
        .max(PHONE_MAX_DIGITS, 'whatsapp.phoneMax'),
    ),
});
export type CreateWhatsappInstanceInput = z.input<typeof createWhatsappInstanceSchema>;

/** GET /api/agents/{id}/whatsapp (the original contract's fields, plus what the screens need). */
export interface WhatsappInstanceView {
  hasInstance: boolean;
  status: WhatsappStatus | null;
  /** a data: URL of the PNG, or null */
  qrCode: string | null;
  instanceName: string | null;
  phoneNumber: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** the number that scanned the QR, once connected */
  connectedNumber: string | null;
  /** when the stored status became CONNECTED; null while not connected */
  connectedAt: string | null;
  /** true when the built-in simulator plays the gateway: the screens link to /simulator */
  simulator: boolean;
}

/**
 * GET /api/agents/{id}/whatsapp, and what connecting or disconnecting the official number answers:
 * the QR-code instance's view plus which way the number is connected.
 */
export interface WhatsappView extends WhatsappInstanceView {
  /**
   * Which way the agent's number is connected: 'evolution' (QR code, an Evolution gateway),
   * 'cloud' (the official WhatsApp Business Platform), or null (not connected either way).
   */
  channel: WhatsappChannelKind | null;
  /** the official number, when the agent has one */
  cloud: WhatsappCloudNumberView | null;
  /** whether and how the official way can be offered to this owner */
  cloudOffer: WhatsappCloudOffer;
}

export const WHATSAPP_CHANNEL_KINDS = ['evolution', 'cloud'] as const;
export type WhatsappChannelKind = (typeof WHATSAPP_CHANNEL_KINDS)[number];

/**
 * An official number's state: 'connected'; 'reconnect' (Meta refused its token — code 190 — or
 * removed the app: the owner must connect again); 'disconnected' (the owner disconnected it).
 */
export const WHATSAPP_CLOUD_STATUSES = ['connected', 'reconnect', 'disconnected'] as const;
export type WhatsappCloudStatus = (typeof WHATSAPP_CLOUD_STATUSES)[number];

/** The agent's number on the official WhatsApp Business Platform (never its token). */
export interface WhatsappCloudNumberView {
  phoneNumberId: string;
  wabaId: string;
  /** as Meta shows it, e.g. "+55 11 98888-7777" */
  displayPhoneNumber: string | null;
  /** the business name Meta approved for the number */
  verifiedName: string | null;
  status: WhatsappCloudStatus;
  /** the number stays on the WhatsApp Business app too (coexistence) */
  coexistence: boolean;
  connectedAt: string;
}

/** What the WhatsApp tab may offer of the official way. */
export interface WhatsappCloudOffer {
  /** the owner's plan sells "WhatsApp Business" (Multi, Consultoria) */
  allowed: boolean;
  /**
   * Meta's Embedded Signup (JS SDK) as the operator configured it (META_APP_ID, META_CONFIG_ID);
   * null when it is not configured
   */
  signup: { appId: string; configId: string; graphVersion: string } | null;
  /** true when the built-in simulator plays Meta (no Meta app configured): a simulated signup */
  simulator: boolean;
}

/**
 * POST /api/agents/{id}/whatsapp/cloud: the `code` of Meta's Embedded Signup (with what its
 * session event told: the WABA and number, or only the WABA for a number on the Business app),
 * or the ids and token an operator got from Meta's tools (the manual form).
 */
const graphId = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(30, 'whatsapp.cloud.idDigits')
    .regex(/^\d+$/, 'whatsapp.cloud.idDigits');

export const connectWhatsappCloudSchema = z
  .object({
    code: z
      .string('whatsapp.cloud.codeRequired')
      .trim()
      .min(1, 'whatsapp.cloud.codeRequired')
      .max(2048)
      .optional(),
    wabaId: graphId('whatsapp.cloud.wabaRequired').optional(),
    phoneNumberId: graphId('whatsapp.cloud.phoneIdRequired').optional(),
    accessToken: z
      .string('whatsapp.cloud.tokenRequired')
      .trim()
      .min(20, 'whatsapp.cloud.tokenShort')
      .max(1024, 'whatsapp.cloud.tokenLong')
      .regex(/^[A-Za-z0-9._|-]+$/, 'whatsapp.cloud.tokenChars')
      .optional(),
    /** the number stays on the WhatsApp Business app (FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING) */
    coexistence: z.boolean().optional(),
    /**
     * coexistence: false when the owner declined importing the app's last six months of chats
     * (the simulator asks; Meta's own popup asks the business itself, and shares only if it agreed)
     */
    importHistory: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.code !== undefined) return; // Embedded Signup: the code says the rest
    if (v.wabaId === undefined)
      ctx.addIssue({ code: 'custom', path: ['wabaId'], message: 'whatsapp.cloud.wabaRequired' });
    if (v.phoneNumberId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumberId'],
        message: 'whatsapp.cloud.phoneIdRequired',
      });
    if (v.accessToken === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['accessToken'],
        message: 'whatsapp.cloud.tokenRequired',
      });
  });
export type ConnectWhatsappCloudInput = z.input<typeof connectWhatsappCloudSchema>;

/** POST …/create-instance, POST …/connect, GET …/status answer the view; fetch-qr answers this. */
export interface WhatsappQrResponse {
  qrCode: string | null;
  status: WhatsappStatus | null;
}

/** DELETE /api/agents/{id}/whatsapp → { message } ('Nenhuma instância…' when nothing was there). */
export interface WhatsappDeleteResponse {
  message: string;
  /** false when there was no instance to remove (the message then contains 'Nenhuma instância') */
  removed: boolean;
}

/** POST /api/agents/{id}/whatsapp/enable-monitoring — the webhook now registered (never the secret). */
export interface WhatsappMonitoringResponse {
  message: string;
  webhook: { url: string; events: string[]; enabled: boolean };
}

/** GET /api/agents/{id}/whatsapp/stats — real figures from stored messages and events. */
export interface WhatsappStats {
  messagesInToday: number;
  messagesOutToday: number;
  /** average time from a customer's message to our first reply today; null with no replies */
  avgReplyMs: number | null;
  contactsToday: number;
  failedToday: number;
  connectionEventsToday: number;
  /** since the last change to CONNECTED, or null when not connected */
  connectedSince: string | null;
}

export const WHATSAPP_EVENT_TYPES = [
  'connection',
  'qr',
  'message_in',
  'message_out',
  'takeover',
  'resume',
  'failed',
] as const;
export type WhatsappEventType = (typeof WHATSAPP_EVENT_TYPES)[number];

/** GET /api/agents/{id}/whatsapp/activity (latest 10) and gateway-instance monitor events. */
export interface WhatsappEventView {
  id: number;
  type: WhatsappEventType;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

/** The longest reply to a message the agent cannot read (the form's textarea stops there too). */
export const UNSUPPORTED_MESSAGE_MAX = 500;

/**
 * When the agent answers in a voice message: never (text always), only a turn in which the
 * customer sent a voice message, or every reply. Voice needs an AI provider (the owner's key in
 * Settings, or the server's); without one replies go as text.
 */
export const VOICE_REPLY_MODES = ['off', 'when-audio', 'always'] as const;
export type VoiceReplyMode = (typeof VOICE_REPLY_MODES)[number];

/**
 * The mode; the boolean the setting used to be is still read (old clients): true was promised as
 * "when the customer sends a voice message", false is off.
 */
const voiceReplySchema = z
  .union(
    [
      z.enum(VOICE_REPLY_MODES),
      z.boolean().transform((on): VoiceReplyMode => (on ? 'when-audio' : 'off')),
    ],
    'whatsapp.voiceReplyInvalid',
  )
  .default('off');

/** GET/PUT /api/agents/{id}/whatsapp/settings — the agent's behaviour on WhatsApp. */
export const whatsappSettingsSchema = z.object({
  allowGroups: z.boolean().default(false),
  takeoverMinutes: z
    .number('whatsapp.takeoverMinutes')
    .int('whatsapp.takeoverMinutes')
    .min(1, 'whatsapp.takeoverMinutes')
    .max(24 * 60, 'whatsapp.takeoverMinutes')
    .default(30),
  pauseKeywords: z.array(z.string().trim().min(1).max(40)).max(10).default(['#pausar']),
  resumeKeywords: z.array(z.string().trim().min(1).max(40)).max(10).default(['#retomar']),
  debounceMs: z
    .number('whatsapp.debounceMs')
    .int('whatsapp.debounceMs')
    .min(0, 'whatsapp.debounceMs')
    .max(30_000, 'whatsapp.debounceMs')
    .default(4000),
  voiceReply: voiceReplySchema,
  /** null means the default text of the errors catalogue `whatsapp.unsupportedDefault` */
  unsupportedMessage: z.string().trim().max(UNSUPPORTED_MESSAGE_MAX).nullable().default(null),
});
export type WhatsappSettings = z.output<typeof whatsappSettingsSchema>;
export const DEFAULT_WHATSAPP_SETTINGS: WhatsappSettings = whatsappSettingsSchema.parse({});

// ---------------------------------------------------------------------------------------------
// Conversations — GET /api/agents/{id}/conversations?channel=whatsapp|webchat|test

export interface ConversationSummary {
  id: number;
  channel: 'whatsapp' | 'webchat' | 'test';
  contactId: string;
  contactName: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  /** the bot is quiet for this contact until then (human takeover) */
  botPausedUntil: string | null;
  /** a person must answer (a handoff): the bot is quiet until the owner resumes it */
  handedOver: boolean;
  failedCount: number;
}

export interface ConversationMessageView {
  id: number;
  role: 'user' | 'assistant' | 'human';
  content: string;
  kind: 'text' | 'audio' | 'image' | 'unsupported';
  status: 'pending' | 'done' | 'failed' | 'ignored';
  error: string | null;
  latencyMs: number | null;
  createdAt: string;
}

/**
 * GET /api/agents/{id}/conversations/{conversationId} → this;
 * POST …/{conversationId}/resume → ConversationSummary (bot answers again);
 * POST …/{conversationId}/pause → ConversationSummary (paused for takeoverMinutes).
 */
export interface ConversationDetail {
  conversation: ConversationSummary;
  messages: ConversationMessageView[];
}

// ---------------------------------------------------------------------------------------------
// Gateway instances registry — /api/evolution-instances (the gateway instance dialog)

/** Webhook event choices of the dialog and the Webhooks tab, as UPPER_SNAKE gateway names. */
export const REGISTRY_WEBHOOK_EVENTS = [
  'MESSAGES_UPSERT',
  'SEND_MESSAGE',
  'CONNECTION_UPDATE',
  'QRCODE_UPDATED',
  'MESSAGES_UPDATE',
] as const;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: 'evolution.urlInvalid' }).nullable())
  .nullable()
  .optional();

/** POST /api/evolution-instances and PUT /api/evolution-instances/{id} */
export const evolutionInstanceSchema = z.object({
  name: z.string('evolution.nameRequired').trim().min(1, 'evolution.nameRequired').max(120),
  url: z
    .string('evolution.urlRequired')
    .trim()
    .min(1, 'evolution.urlRequired')
    .pipe(z.url({ protocol: /^https?$/, error: 'evolution.urlInvalid' })),
  instanceId: z
    .string('evolution.instanceIdRequired')
    .trim()
    .min(1, 'evolution.instanceIdRequired')
    .max(120),
  /** write-only; on PUT an absent or empty key keeps the stored one */
  apiKey: z.string().trim().max(500).optional(),
  status: z.string().trim().max(40).optional(),
  webhookUrl: optionalUrl,
  webhookSecret: z.string().trim().max(500).nullable().optional(),
  webhookEvents: z.array(z.string().trim().min(1)).optional(),
  connectedAgentId: z
    .number('evolution.agentInvalid')
    .int('evolution.agentInvalid')
    .positive('evolution.agentInvalid')
    .nullable()
    .optional(),
  qrCode: z.string().nullable().optional(),
  phoneNumber: z.string().trim().max(20).nullable().optional(),
  connectionData: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type EvolutionInstanceInput = z.input<typeof evolutionInstanceSchema>;

/** What the list returns: never the API key, only whether one is stored and its last 4 chars. */
export interface EvolutionInstanceView {
  id: number;
  name: string;
  url: string;
  instanceId: string;
  apiKeySet: boolean;
  apiKeyHint: string | null;
  status: string;
  webhookUrl: string | null;
  webhookSecretSet: boolean;
  webhookEvents: string[];
  connectedAgentId: number | null;
  connectedAgentName: string | null;
  qrCode: string | null;
  phoneNumber: string | null;
  lastActivity: string | null;
  connectionData: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * PUT /api/evolution-instances/{id} (Configure): the edit is always saved; then the webhook is
 * applied at that gateway. When the gateway refused or could not be reached, `webhookApplied` is
 * false and `webhookError` says why (pt-BR, or the request's language) — the response is still 200.
 */
export interface EvolutionInstanceUpdateResponse extends EvolutionInstanceView {
  webhookApplied: boolean;
  webhookError: string | null;
}

/** GET /api/evolution-instances/{id}/monitor — live state read from that gateway, plus events. */
export interface EvolutionInstanceMonitor {
  state: string | null;
  /** pt-BR reason when the gateway could not be reached */
  error: string | null;
  events: WhatsappEventView[];
}

/** GET/PUT /api/evolution-instances/webhook-defaults (the Webhooks tab). */
export const webhookDefaultsSchema = z.object({
  url: optionalUrl,
  secret: z.string().trim().max(500).nullable().optional(),
  events: z.array(z.string().trim().min(1)).default([]),
});
export type WebhookDefaultsInput = z.input<typeof webhookDefaultsSchema>;
export interface WebhookDefaultsView {
  url: string | null;
  secretSet: boolean;
  events: string[];
}

// ---------------------------------------------------------------------------------------------
// Message templates of the official number — /api/whatsapp/templates

export const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING'] as const;
export const TEMPLATE_BODY_MAX = 1024;

/** POST /api/whatsapp/templates: a template submitted to Meta for review (pt-BR first). */
export const createWhatsappTemplateSchema = z
  .object({
    name: z
      .string('whatsapp.template.nameRequired')
      .trim()
      .min(1, 'whatsapp.template.nameRequired')
      .max(512, 'whatsapp.template.nameChars')
      .regex(/^[a-z0-9_]+$/, 'whatsapp.template.nameChars'),
    language: z.enum(['pt_BR', 'en_US', 'es'], 'whatsapp.template.language').default('pt_BR'),
    category: z.enum(TEMPLATE_CATEGORIES, 'whatsapp.template.category'),
    body: z
      .string('whatsapp.template.bodyRequired')
      .trim()
      .min(1, 'whatsapp.template.bodyRequired')
      .max(TEMPLATE_BODY_MAX, 'whatsapp.template.bodyLong'),
    /** an example value for each {{n}} of the body, in order */
    examples: z
      .array(z.string().trim().min(1, 'whatsapp.template.exampleRequired').max(200))
      .max(20)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const count = templateVariables(v.body);
    if (count < 0) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'whatsapp.template.variablesOrder' });
    } else if (v.examples.length !== count) {
      ctx.addIssue({
        code: 'custom',
        path: ['examples'],
        message: 'whatsapp.template.examplesCount',
      });
    }
  });
export type CreateWhatsappTemplateInput = z.input<typeof createWhatsappTemplateSchema>;

/**
 * How many variables a body has, {{1}} … {{n}} each at least once and none skipped; -1 when they
 * are not numbered 1..n (Meta refuses such a body).
 */
export function templateVariables(body: string): number {
  const found = new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])));
  for (let n = 1; n <= found.size; n++) if (!found.has(n)) return -1;
  return found.size;
}

/** The text a template's body reads as with these values for {{1}}, {{2}}… (a missing one: ''). */
export function templateText(body: string, params: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** GET /api/whatsapp/templates (newest first) and GET /api/whatsapp/templates/{id}. */
export interface WhatsappTemplateView {
  id: number;
  name: string;
  language: string;
  category: string;
  body: string;
  examples: string[];
  /** as Meta says: PENDING, APPROVED, REJECTED, PAUSED, DISABLED… (only APPROVED can be sent) */
  status: string;
  /** Meta's reason of a rejection */
  reason: string | null;
  createdAt: string;
  updatedAt: string;
}
