import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/**
 * The owner's contacts (modules/contacts): one row per person across the owner's agents and
 * channels. A conversation links to its contact (`conversations.linked_contact_id`), set by a
 * trigger on the conversation's insert (migration 0020), so every insert path links.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * who the person is for the owner, `contacts_key(channel, contact_id)` of their conversations:
     * `phone:<digits>` on WhatsApp (every agent's number), `whatsapp:<jid>` for an address without
     * a phone, `webchat:<visitor id>` on the website
     */
    key: text('key').notNull(),
    name: text('name'),
    /**
     * who gave the name: 'channel' (the WhatsApp profile), 'customer' (they told the agent or typed it
     * on the booking page) or 'owner' (the Contacts section, a booking the owner made); nothing the
     * customer says overwrites the owner's
     */
    nameBy: text('name_by').notNull().default('channel'),
    /** what the customer is after, as the agent noted it last */
    interest: text('interest'),
    /** digits, canonical (55 + DDD + number); null until known (a website visitor) */
    phone: text('phone'),
    /** `ContactStage` (common/schemas/contacts.ts) */
    stage: text('stage').notNull().default('novo'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    /** the first contact */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_owner_key').on(t.ownerId, t.key),
    index('contacts_owner_idx').on(t.ownerId, t.id),
    check('contacts_name_by_check', sql`${t.nameBy} IN ('channel', 'customer', 'owner')`),
    check(
      'contacts_stage_check',
      sql`${t.stage} IN ('novo', 'em_atendimento', 'agendado', 'cliente')`,
    ),
  ],
);
