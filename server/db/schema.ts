import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One PostgreSQL-dialect schema for both drivers (PGlite embedded and PostgreSQL). Every entity of
 * SPEC.md §3 plus what DESIGN.md §7 adds. Rows that belong to a user reach their owner through
 * `owner_id` / `user_id` (directly or via the agent), and repos always filter by it.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const textList = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** stored lower-cased */
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Fixed-window counters shared by every web process (login, registration, widget, webhooks). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    systemPrompt: text('system_prompt').notNull(),
    model: text('model').notNull().default('gpt-4o'),
    temperature: doublePrecision('temperature').notNull().default(0.7),
    maxTokens: integer('max_tokens').notNull().default(2048),
    topP: doublePrecision('top_p').notNull().default(1),
    status: text('status').notNull().default('draft'),
    capabilities: textList('capabilities'),
    tools: textList('tools'),
    knowledgeBase: text('knowledge_base'),
    ragDocuments: text('rag_documents'),
    googleServices: textList('google_services'),
    /** a JSON list of {name, url, authType} as text, per SPEC.md §3 */
    externalApis: text('external_apis'),
    responseStyle: text('response_style').notNull().default('professional'),
    language: text('language').notNull().default('pt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agents_owner_idx').on(t.ownerId, t.id)],
);

export const ragDocuments = pgTable(
  'rag_documents',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    originalName: text('original_name').notNull(),
    /** extracted text */
    content: text('content'),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    mimeType: text('mime_type').notNull(),
    chunkIndex: integer('chunk_index').notNull().default(0),
    totalChunks: integer('total_chunks').notNull().default(1),
    processingStatus: text('processing_status').notNull().default('pending'),
    /** 0–100 */
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rag_documents_agent_idx').on(t.agentId)],
);

/** Retrieval units of documents and of the agent's free-text knowledge base. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    documentId: integer('document_id').references(() => ragDocuments.id, { onDelete: 'cascade' }),
    /** 'document' or 'knowledge_base' */
    source: text('source').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    content: text('content').notNull(),
    page: integer('page'),
    sheet: text('sheet'),
    createdAt: createdAt(),
  },
  (t) => [
    index('document_chunks_agent_idx').on(t.agentId),
    index('document_chunks_document_idx').on(t.documentId),
  ],
);

export const externalApiConfigs = pgTable(
  'external_api_configs',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    authType: text('auth_type').notNull(),
    /** encrypted JSON (AES-256-GCM with APP_SECRET) */
    authConfig: text('auth_config'),
    endpoints: jsonb('endpoints').$type<unknown[]>(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('external_api_configs_agent_idx').on(t.agentId)],
);

/** Gateway instances a user registers by hand (SPEC.md "Evolution instance"). */
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

/** The one WhatsApp instance an agent may have (SPEC.md "WhatsApp instance"). */
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** 'test' | 'webchat' | 'whatsapp' */
    channel: text('channel').notNull(),
    /** phone number, widget visitor id, or the owner's id for test chats */
    contactId: text('contact_id').notNull(),
    /** SPEC.md keeps a JSON summary; the source of truth is the messages table */
    messages: jsonb('messages')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('conversations_contact_key').on(t.agentId, t.channel, t.contactId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** 'user' | 'assistant' | 'human' (owner typing on the phone) */
    role: text('role').notNull(),
    content: text('content').notNull(),
    gatewayMessageId: text('gateway_message_id'),
    status: text('status').notNull().default('done'),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    latencyMs: integer('latency_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Webhook deliveries stored before they are processed (WhatsApp gateway, payments). */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: serial('id').primaryKey(),
    source: text('source').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_inbox_dedupe_key').on(t.source, t.dedupeKey)],
);

/** One row per model call, so cost can be shown per user and agent. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    latencyMs: integer('latency_ms').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('usage_records_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A user's own language-model provider settings; the key is encrypted at rest. */
export const providerCredentials = pgTable('provider_credentials', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('openai'),
  apiKeyEncrypted: text('api_key_encrypted'),
  baseUrl: text('base_url'),
  defaultModel: text('default_model').notNull().default('gpt-3.5-turbo'),
  temperature: doublePrecision('temperature').notNull().default(0.7),
  updatedAt: updatedAt(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** pending | trialing | active | paused | cancelled | other provider statuses kept as-is */
    status: text('status').notNull().default('pending'),
    /** 'mercadopago' | 'sandbox' */
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    payerEmail: text('payer_email').notNull(),
    checkoutUrl: text('checkout_url'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_id_key').on(t.providerSubscriptionId),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    /** the provider's notification id (deduplication key) */
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_key').on(t.providerEventId, t.type)],
);

/** Requests to talk to a consultant (the consultoria plan never goes to online checkout). */
export const contactRequests = pgTable('contact_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  planId: text('plan_id').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message'),
  createdAt: createdAt(),
});
