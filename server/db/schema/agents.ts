import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, textList, AGENT_PUBLIC_KEY } from './columns';
import { users } from './accounts';

/** Agents and the HTTP tools (external APIs) an agent may call. */

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
    /** a JSON list of {name, url, authType} as text, as the API sends it */
    externalApis: text('external_apis'),
    /** what a customer reads when the agent hands over to a person; null: the default */
    handoffMessage: text('handoff_message'),
    responseStyle: text('response_style').notNull().default('professional'),
    language: text('language').notNull().default('pt'),
    /** names the agent in the website widget's snippet and public API (never the guessable id) */
    publicKey: text('public_key').notNull().default(AGENT_PUBLIC_KEY),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agents_owner_idx').on(t.ownerId, t.id),
    uniqueIndex('agents_public_key_key').on(t.publicKey),
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
