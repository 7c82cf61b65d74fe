import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/**
 * The owner's notifications (modules/notifications): what needs them, listed in the header's bell
 * until read, and where they choose to get them on their own WhatsApp.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `NotificationKind` (common/schemas/inbox.ts) */
    kind: text('kind').notNull(),
    /**
     * what it is about and where to act: `conversationId`, `agentId`, `subject` (a contact's name,
     * a document's file name, an agent's name), as `OwnerNotification` has them
     */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_owner_id_idx').on(t.ownerId, t.id)],
);

/** Where an owner gets notifications besides the bell: their own WhatsApp number, opt-in. */
export const notificationSettings = pgTable('notification_settings', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  whatsappEnabled: boolean('whatsapp_enabled').notNull().default(false),
  /** digits with the country code (55…) */
  whatsappPhone: text('whatsapp_phone'),
  updatedAt: updatedAt(),
});
