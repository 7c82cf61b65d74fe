import { z } from 'zod';
import {
  VISITOR_ID_PATTERN,
  WEBCHAT_DEFAULTS,
  WEBCHAT_MAX_DOMAINS,
  WEBCHAT_MESSAGE_MAX_LENGTH,
  WEBCHAT_POSITIONS,
  WEBCHAT_TEXTS,
  type WebchatTextKey,
} from '../webchat-defaults';

/** A colour as the widget takes it: '#' and six hex digits. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Messages are keys of the `errors` catalogue (the server translates them). */
const color = z
  .string('webchat.colorInvalid')
  .trim()
  .regex(HEX_COLOR, 'webchat.colorInvalid')
  .transform((value) => value.toLowerCase());

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');

const textsShape = Object.fromEntries(
  Object.keys(WEBCHAT_TEXTS).map((key) => [key, text(200).optional()]),
) as Record<WebchatTextKey, z.ZodOptional<ReturnType<typeof text>>>;

/** The look and words of the widget (its embed config), stored per agent. */
export const webchatConfigSchema = z.object({
  theme: z
    .object({
      primaryColor: color.default(WEBCHAT_DEFAULTS.primaryColor),
      accentColor: color.default(WEBCHAT_DEFAULTS.accentColor),
      borderRadius: z
        .number('webchat.radiusRange')
        .int('webchat.radiusRange')
        .min(0, 'webchat.radiusRange')
        .max(32, 'webchat.radiusRange')
        .default(WEBCHAT_DEFAULTS.borderRadius),
    })
    .prefault({}),
  position: z.enum(WEBCHAT_POSITIONS, 'webchat.positionInvalid').default(WEBCHAT_DEFAULTS.position),
  /** empty → the agent's name */
  title: text(60).default(''),
  subtitle: text(100).default(WEBCHAT_DEFAULTS.subtitle),
  placeholder: text(100).default(WEBCHAT_DEFAULTS.placeholder),
  greeting: text(500).default(WEBCHAT_DEFAULTS.greeting),
  width: z
    .number('webchat.sizeRange')
    .int('webchat.sizeRange')
    .min(280, 'webchat.sizeRange')
    .max(640, 'webchat.sizeRange')
    .default(WEBCHAT_DEFAULTS.width),
  height: z
    .number('webchat.sizeRange')
    .int('webchat.sizeRange')
    .min(360, 'webchat.sizeRange')
    .max(900, 'webchat.sizeRange')
    .default(WEBCHAT_DEFAULTS.height),
  /** id of an element of the host page to render in (inline, always open); empty → floating launcher */
  containerId: z
    .string()
    .trim()
    .regex(/^([A-Za-z][\w:.-]{0,99})?$/, 'webchat.containerIdInvalid')
    .default(''),
  /** replacements for the widget's built-in pt-BR texts */
  texts: z.object(textsShape).prefault({}),
  /** owner switch: show 'Continuar no WhatsApp' when the agent has a connected WhatsApp number */
  whatsappLink: z.boolean('webchat.whatsappLinkInvalid').default(false),
  /**
   * owner switch: show customers the documents a reply came from, by their public titles (file
   * names are the owner's, and often internal)
   */
  showSources: z.boolean('webchat.showSourcesInvalid').default(false),
});
export type WebchatConfig = z.output<typeof webchatConfigSchema>;
export type WebchatConfigInput = z.input<typeof webchatConfigSchema>;

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * A website domain as people paste it ("https://www.loja.com.br/contato" → "www.loja.com.br").
 * An entry allows that host and its subdomains.
 */
export const domainSchema = z
  .string('webchat.domainInvalid')
  .trim()
  .toLowerCase()
  .transform((value) =>
    value
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/:\d+$/, '')
      .replace(/\.$/, ''),
  )
  .pipe(z.string().regex(HOSTNAME, 'webchat.domainInvalid'));

export const allowedDomainsSchema = z
  .array(domainSchema, 'webchat.domainInvalid')
  .max(WEBCHAT_MAX_DOMAINS, 'webchat.tooManyDomains')
  .transform((list) => [...new Set(list)]);

/** PUT /api/agents/{id}/webchat-config: the look plus where the widget may run. */
export const webchatSettingsSchema = z.object({
  config: webchatConfigSchema,
  allowedDomains: allowedDomainsSchema.default([]),
});
export type WebchatSettings = z.output<typeof webchatSettingsSchema>;
export type WebchatSettingsInput = z.input<typeof webchatSettingsSchema>;

/** The defaults, as stored for an agent that never customised its widget. */
export const defaultWebchatConfig = (): WebchatConfig => webchatConfigSchema.parse({});

/** The embed config the snippet carries, as the widget reads it. */
export interface WebchatEmbedConfig extends Omit<WebchatConfig, 'texts'> {
  /** the agent's public key (the snippet's data-agent-key): the public API knows agents only by it */
  agentKey: string;
  apiUrl: string;
  texts: Partial<Record<WebchatTextKey, string>>;
  /** digits of the agent's connected WhatsApp number, only with `whatsappLink` on */
  whatsappNumber?: string;
}

/** GET /api/agents/{id}/webchat-code. */
export interface WebchatCode {
  code: string;
  instructions: string[];
  /** the script's URL with its content hash (the preview loads the same file) */
  widgetUrl: string;
  embedConfig: WebchatEmbedConfig;
  agentName: string;
  agentStatus: string;
}

/** POST /api/agents/{id}/webchat-key/rotate: the agent's new public key. */
export interface WebchatKeyRotation {
  agentKey: string;
}

export const visitorIdSchema = z
  .string('webchat.visitorIdInvalid')
  .regex(VISITOR_ID_PATTERN, 'webchat.visitorIdInvalid');

/** POST /api/public/agents/{key}/chat and /chat/stream. */
export const publicChatSchema = z.object({
  visitorId: visitorIdSchema,
  message: z
    .string('validation.messageRequired')
    .trim()
    .min(1, 'validation.messageRequired')
    .max(WEBCHAT_MESSAGE_MAX_LENGTH, 'webchat.messageTooLong'),
});

/** POST /api/public/agents/{key}/history: the visitor's own conversation with that agent. */
export const publicHistorySchema = z.object({ visitorId: visitorIdSchema });

export interface PublicCitation {
  source: string;
  excerpt: string;
}

export interface PublicChatReply {
  response: string;
  citations: PublicCitation[];
  offline: boolean;
}

/**
 * A message of the visitor's conversation as the widget shows it: the visitor's, the agent's, or
 * a person of the business's (`person`, answered from the inbox). `ref` is an opaque reference to
 * it (no id of ours, which would tell how busy the install is): the live channel resumes after it.
 * A person's file comes as a path under the public API that only this visitor's id opens.
 */
export interface PublicMessage {
  ref: string;
  role: 'user' | 'assistant' | 'person';
  content: string;
  file: { path: string; name: string; type: string } | null;
  createdAt: string;
}

export interface PublicHistory {
  messages: PublicMessage[];
  /** the newest message's `ref`: where the live channel starts (null: none yet) */
  cursor: string | null;
}
