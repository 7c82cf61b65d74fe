import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The built-in gateway simulator's instances and messages. */

/**
 * State of the built-in Evolution API simulator, used when EVOLUTION_API_URL is unset (see
 * docs/decisions/0008-built-in-gateway-simulator.md). Kept in the database so simulated instances
 * and chats survive a restart.
 * `qr` and `webhook` hold the gateway-shaped objects the simulator returns.
 */
export const simulatorInstances = pgTable('simulator_instances', {
  name: text('name').primaryKey(),
  instanceId: text('instance_id').notNull().unique(),
  token: text('token').notNull(),
  integration: text('integration').notNull(),
  number: text('number'),
  /** 'open' | 'connecting' | 'close' */
  state: text('state').notNull().default('close'),
  wuid: text('wuid'),
  profileName: text('profile_name'),
  everConnected: boolean('ever_connected').notNull().default(false),
  qr: jsonb('qr').$type<Record<string, unknown>>(),
  webhook: jsonb('webhook').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Messages a simulated instance received from customers ('in') or sent through the API ('out'). */
export const simulatorMessages = pgTable(
  'simulator_messages',
  {
    id: serial('id').primaryKey(),
    instanceName: text('instance_name')
      .notNull()
      .references(() => simulatorInstances.name, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    direction: text('direction').notNull(),
    remoteJid: text('remote_jid').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** raw base64 of media messages, so getBase64FromMediaMessage can answer */
    mediaBase64: text('media_base64'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('simulator_messages_key').on(t.instanceName, t.keyId),
    index('simulator_messages_instance_idx').on(t.instanceName, t.id),
  ],
);
