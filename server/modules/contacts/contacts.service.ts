import type {
  Contact,
  ContactChannel,
  ContactDetail,
  ContactListQuery,
  ContactPage,
  ContactPatch,
} from '@common/schemas/contacts';
import {
  CONTACT_INTEREST_MAX,
  CONTACT_NAME_MAX,
  CONTACTS_PAGE_SIZE,
} from '@common/schemas/contacts';
import type { InboxChannel } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ContactNotes } from '../runtime';
import type { ContactHooks } from './contact-hooks';
import {
  allContacts,
  contactConversations,
  findContact,
  listContacts,
  saveLearned,
  updateContact,
  type ContactRow,
} from './contacts.repo';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    interest: row.interest,
    channels: (row.channels ?? []) as ContactChannel[],
    stage: row.stage,
    tags: row.tags,
    notes: row.notes,
    firstContactAt: iso(row.first_contact_at),
    lastContactAt: iso(row.last_contact_at),
    conversationCount: row.conversation_count,
  };
}

export async function listOwnerContacts(
  ctx: AppContext,
  ownerId: number,
  query: ContactListQuery,
): Promise<ContactPage> {
  const page = query.page ?? 1;
  const text = query.q ?? '';
  const digits = text.replace(/\D+/g, '');
  const { rows, total } = await listContacts(
    ctx.database.db,
    ownerId,
    {
      ...(text ? { search: { text, digits: digits.length >= 3 ? digits : null } } : {}),
      ...(query.stage ? { stage: query.stage } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(query.channel ? { channel: query.channel } : {}),
    },
    { limit: CONTACTS_PAGE_SIZE, offset: (page - 1) * CONTACTS_PAGE_SIZE },
  );
  return { items: rows.map(toContact), page, pageSize: CONTACTS_PAGE_SIZE, total };
}

export async function ownerContact(
  ctx: AppContext,
  hooks: ContactHooks,
  ownerId: number,
  id: number,
): Promise<ContactDetail> {
  const db = ctx.database.db;
  const row = await findContact(db, ownerId, id);
  if (!row) throw new AppError('CONTACT_NOT_FOUND');
  const conversations = await contactConversations(db, ownerId, id);
  const appointments = hooks.appointments
    ? await hooks.appointments(db, ownerId, { id: row.id, phone: row.phone })
    : [];
  return {
    ...toContact(row),
    appointments,
    conversations: conversations.map((c) => ({
      id: c.id,
      agentId: c.agent_id,
      agentName: c.agent_name,
      channel: c.channel as InboxChannel,
      lastActivityAt: iso(c.last_activity_at),
      messageCount: c.message_count,
    })),
  };
}

export async function patchContact(
  ctx: AppContext,
  hooks: ContactHooks,
  ownerId: number,
  id: number,
  patch: ContactPatch,
): Promise<ContactDetail> {
  const { name, ...rest } = patch;
  const changes: ContactPatch = {
    ...rest,
    // an emptied name goes back to none: the list shows the phone or the channel instead
    ...(name !== undefined ? { name: name ? name : null } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const found = await updateContact(ctx.database.db, ownerId, id, changes);
    if (!found) throw new AppError('CONTACT_NOT_FOUND');
  }
  return ownerContact(ctx, hooks, ownerId, id);
}

/**
 * The contact card the agent notes the customer's name and interest on (the runtime's
 * `ContactNotes`), for a conversation linked to contact `contactId` of the owner.
 */
export function contactNotes(db: AppDb, ownerId: number, contactId: number): ContactNotes {
  return {
    save: (details) =>
      saveLearned(db, ownerId, contactId, {
        name: details.name?.trim().slice(0, CONTACT_NAME_MAX) || null,
        interest: details.interest?.trim().slice(0, CONTACT_INTEREST_MAX) || null,
      }),
  };
}

/** Every contact of the owner, for the CSV export. */
export async function allOwnerContacts(ctx: AppContext, ownerId: number): Promise<Contact[]> {
  return (await allContacts(ctx.database.db, ownerId)).map(toContact);
}
