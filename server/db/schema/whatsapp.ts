import type { VoiceReplyMode } from '@common/schemas/whatsapp';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, textList } from './columns';
import { users } from './accounts';
import { agents } from './agents';

/**
 * WhatsApp: an agent's instance, its settings and events; gateways registered by hand and their
 * webhook defaults.
 */

/** Gateway ("Evolution") instances a user registers by hand. */
export const evolutionInstances = pgTable(
  'evolution_instances',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    instanceId: text('instance_id').notNull(),
    /** encrypted; never returned in full */
    apiKey: text('api_key'),
    status: text('status').notNull().default('inactive'),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    webhookEvents: textList('webhook_events'),
    connectedAgentId: integer('connected_agent_id').references(() => agents.id, {
      onDelete: 'set null',
    }),
    qrCode: text('qr_code'),
    phoneNumber: text('phone_number'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    connectionData: jsonb('connection_data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('evolution_instances_owner_idx').on(t.ownerId)],
);

/** The one WhatsApp instance an agent may have. */
export const whatsappInstances = pgTable('whatsapp_instances', {
  id: serial('id').primaryKey(),
  instanceName: text('instance_name').notNull().unique(),
  phoneNumber: text('phone_number').notNull(),
  status: text('status').notNull().default('PENDING'),
  qrCode: text('qr_code'),
  agentId: integer('agent_id')
    .notNull()
    .unique()
    .references(() => agents.id, { onDelete: 'cascade' }),
  /** encrypted per-instance secret the gateway sends back on every webhook */
  webhookSecret: text('webhook_secret'),
  /** the WhatsApp account that scanned the QR (the gateway's `wuid`), once connected */
  connectedJid: text('connected_jid'),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  lastActivity: timestamp('last_activity', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * How an agent behaves on WhatsApp (per-agent instance or a registered gateway instance routed to
 * it). No row means the defaults of common/schemas/whatsapp.ts.
 */
export const whatsappSettings = pgTable(
  'whatsapp_settings',
  {
    agentId: integer('agent_id')
      .primaryKey()
      .references(() => agents.id, { onDelete: 'cascade' }),
    allowGroups: boolean('allow_groups').notNull().default(false),
    /** how long a message typed by the owner on the phone pauses the bot for that contact */
    takeoverMinutes: integer('takeover_minutes').notNull().default(30),
    pauseKeywords: textList('pause_keywords'),
    resumeKeywords: textList('resume_keywords'),
    /** a contact's messages arriving within this window are answered as one turn */
    debounceMs: integer('debounce_ms').notNull().default(4000),
    /** off (text always) | when-audio (a turn with a customer voice message) | always */
    voiceReply: text('voice_reply').$type<VoiceReplyMode>().notNull().default('off'),
    /** sent for stickers, documents, locations…; null means the catalogue's default text */
    unsupportedMessage: text('unsupported_message'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'whatsapp_settings_voice_reply_check',
      sql`${t.voiceReply} IN ('off', 'when-audio', 'always')`,
    ),
  ],
);

/**
 * What happened on a WhatsApp instance (per-agent or registered): connection changes, QR updates,
 * takeovers, failures. Feeds the activity and monitoring cards; messages themselves are counted
 * from the messages table.
 */
export const whatsappEvents = pgTable(
  'whatsapp_events',
  {
    id: serial('id').primaryKey(),
    instanceName: text('instance_name').notNull(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    /** connection | qr | message_in | message_out | takeover | resume | failed */
    type: text('type').notNull(),
    /** e.g. the connection state, or the contact */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('whatsapp_events_instance_idx').on(t.instanceName, t.id),
    index('whatsapp_events_agent_idx').on(t.agentId, t.id),
  ],
);

/** Default webhook settings the Evolution page applies to new gateway instances (one per owner). */
export const evolutionWebhookDefaults = pgTable('evolution_webhook_defaults', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url'),
  /** encrypted */
  secret: text('secret'),
  events: textList('events'),
  updatedAt: updatedAt(),
});

/**
 * An agent's number on the official WhatsApp Business Platform (Cloud API): at most one per agent,
 * and a phone number id belongs to one agent. The business token (Embedded Signup's, or the one an
 * operator pasted) and the two-step PIN of a number we registered are sealed with the app's
 * secrets, never returned.
 */
export const whatsappCloudNumbers = pgTable(
  'whatsapp_cloud_numbers',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .unique()
      .references(() => agents.id, { onDelete: 'cascade' }),
    wabaId: text('waba_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull().unique(),
    displayPhoneNumber: text('display_phone_number'),
    verifiedName: text('verified_name'),
    /** sealed (lib/secrets) */
    accessToken: text('access_token').notNull(),
    /** sealed; null for a coexistence number (already registered) or a manual connection */
    pin: text('pin'),
    /** the number stays on the WhatsApp Business app too */
    coexistence: boolean('coexistence').notNull().default(false),
    /** `WhatsappCloudStatus`: connected | reconnect | disconnected */
    status: text('status').notNull().default('connected'),
    /** how it was connected: 'signup' (Embedded Signup) or 'manual' */
    via: text('via').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('whatsapp_cloud_numbers_owner_idx').on(t.ownerId),
    check(
      'whatsapp_cloud_numbers_status_check',
      sql`${t.status} IN ('connected', 'reconnect', 'disconnected')`,
    ),
    check('whatsapp_cloud_numbers_via_check', sql`${t.via} IN ('signup', 'manual')`),
  ],
);

/**
 * The owner's message templates on a WhatsApp Business account (WABA): created here and
 * submitted to Meta, their review status kept in sync by the template webhook. Only an APPROVED
 * one may reach a customer outside the 24-hour window.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wabaId: text('waba_id').notNull(),
    /** Meta's id of the template; null until Meta accepted the submission */
    graphId: text('graph_id'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** UTILITY | MARKETING */
    category: text('category').notNull(),
    /** the body with its variables {{1}}, {{2}}… */
    body: text('body').notNull(),
    /** an example value per variable, in order (Meta requires them to review) */
    examples: textList('examples'),
    /** what the product uses it for: 'reminder' | 'follow-up' | 'notice' | 'reply' | null */
    purpose: text('purpose'),
    /** PENDING | APPROVED | REJECTED | PAUSED | DISABLED | … as Meta says */
    status: text('status').notNull().default('PENDING'),
    /** Meta's reason of a rejection, or the error of a submission that failed */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_name_lang').on(t.ownerId, t.wabaId, t.name, t.language),
    index('whatsapp_templates_graph_idx').on(t.graphId),
  ],
);
