import { z } from 'zod';
import { INBOX_CHANNELS, type InboxChannel } from './inbox';
import type { Appointment } from './appointments';

/**
 * The owner's contacts: one row per person across agents and channels, their stage in
 * the business's funnel, tags and notes, CSV export, and the LGPD export and erasure of one person.
 * Messages are keys of the `errors` catalogue.
 */

/** novo → em_atendimento (the first answer) → agendado / cliente (the owner, or a booking). */
export const CONTACT_STAGES = ['novo', 'em_atendimento', 'agendado', 'cliente'] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];

export const CONTACT_NAME_MAX = 120;
/** what the agent notes the customer is after */
export const CONTACT_INTEREST_MAX = 200;
export const CONTACT_NOTES_MAX = 2000;
export const CONTACT_TAG_MAX = 40;
export const CONTACT_TAGS_MAX = 20;
export const CONTACT_SEARCH_MAX = 200;
export const CONTACTS_PAGE_SIZE = 50;

/** GET /api/contacts?q=&stage=&tag=&channel=&page= */
export const contactListQuerySchema = z.object({
  q: z
    .string('contacts.searchInvalid')
    .trim()
    .max(CONTACT_SEARCH_MAX, 'contacts.searchTooLong')
    .optional(),
  stage: z.enum(CONTACT_STAGES, 'contacts.stageInvalid').optional(),
  tag: z
    .string('contacts.tagInvalid')
    .trim()
    .min(1, 'contacts.tagInvalid')
    .max(CONTACT_TAG_MAX, 'contacts.tagTooLong')
    .optional(),
  channel: z.enum(INBOX_CHANNELS, 'contacts.channelInvalid').optional(),
  /** 1-based */
  page: z.coerce
    .number('contacts.pageInvalid')
    .int('contacts.pageInvalid')
    .min(1, 'contacts.pageInvalid')
    .max(100_000, 'contacts.pageInvalid')
    .optional(),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** PATCH /api/contacts/{id}: what the owner may change. */
export const contactPatchSchema = z
  .object({
    name: z
      .string('contacts.nameInvalid')
      .trim()
      .max(CONTACT_NAME_MAX, 'contacts.nameTooLong')
      .nullable()
      .optional(),
    notes: z
      .string('contacts.notesInvalid')
      .max(CONTACT_NOTES_MAX, 'contacts.notesTooLong')
      .optional(),
    tags: z
      .array(
        z
          .string('contacts.tagInvalid')
          .trim()
          .min(1, 'contacts.tagInvalid')
          .max(CONTACT_TAG_MAX, 'contacts.tagTooLong'),
        'contacts.tagsInvalid',
      )
      .max(CONTACT_TAGS_MAX, 'contacts.tooManyTags')
      .optional(),
    stage: z.enum(CONTACT_STAGES, 'contacts.stageInvalid').optional(),
  })
  .strict();
export type ContactPatch = z.output<typeof contactPatchSchema>;

/** Where a contact reached the owner: a conversation's channel, or the public booking page. */
export type ContactChannel = InboxChannel | 'booking_page';

/** A contact as lists and the panel show it. */
export interface Contact {
  id: number;
  name: string | null;
  /** digits with the country code; null until known */
  phone: string | null;
  /** what the customer is after, as the agent noted it; null until it learns it */
  interest: string | null;
  /** the channels of their conversations, and 'booking_page' when they booked on the page */
  channels: ContactChannel[];
  stage: ContactStage;
  tags: string[];
  notes: string;
  /** ISO: the first conversation */
  firstContactAt: string;
  /** ISO: the newest activity of any of their conversations */
  lastContactAt: string;
  conversationCount: number;
}

export interface ContactPage {
  items: Contact[];
  page: number;
  pageSize: number;
  total: number;
}

/** One of the contact's conversations, as the panel lists it (each opens in the inbox). */
export interface ContactConversation {
  id: number;
  agentId: number;
  agentName: string;
  channel: InboxChannel;
  lastActivityAt: string;
  messageCount: number;
}

export interface ContactDetail extends Contact {
  conversations: ContactConversation[];
  /** their appointments with any of the owner's agents (by their phone), newest first; UTC */
  appointments: Appointment[];
}
