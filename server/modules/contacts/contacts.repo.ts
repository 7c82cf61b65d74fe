import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ContactPatch, ContactStage } from '@common/schemas/contacts';
import { queryRows, type AppDb } from '../../db/client';
import { contacts } from '../../db/schema';

/**
 * A contact as the list reads it: its row and what its conversations add up to, with the booking
 * page as a channel when the phone booked there (the appointments' table read by phone like the
 * booking trigger of migration 0022 links them; owner-scoped).
 */
export interface ContactRow {
  id: number;
  name: string | null;
  phone: string | null;
  interest: string | null;
  stage: ContactStage;
  tags: string[];
  notes: string;
  channels: string[] | null;
  first_contact_at: Date | string;
  last_contact_at: Date | string;
  conversation_count: number;
}

export interface ContactFilter {
  /** the search as typed, and its digits when there are some (a phone) */
  search?: { text: string; digits: string | null };
  stage?: ContactStage;
  tag?: string;
  channel?: string;
}

/** LIKE's own characters taken literally (with ESCAPE '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

function conditions(ownerId: number, filter: ContactFilter): SQL {
  const list = [sql`ct.owner_id = ${ownerId}`];
  if (filter.stage) list.push(sql`ct.stage = ${filter.stage}`);
  if (filter.tag) list.push(sql`${filter.tag} = ANY (ct.tags)`);
  if (filter.channel) {
    list.push(sql`EXISTS (SELECT 1 FROM conversations f
      WHERE f.linked_contact_id = ct.id AND f.channel = ${filter.channel})`);
  }
  if (filter.search) {
    const branches = [
      sql`immutable_unaccent(lower(coalesce(ct.name, ''))) LIKE
        '%' || immutable_unaccent(lower(${likeLiteral(filter.search.text)})) || '%' ESCAPE '\\'`,
    ];
    if (filter.search.digits) branches.push(sql`ct.phone LIKE ${`%${filter.search.digits}%`}`);
    list.push(sql`(${sql.join(branches, sql` OR `)})`);
  }
  return sql.join(list, sql` AND `);
}

const SUMMARY = sql`ct.id, ct.name, ct.phone, ct.interest, ct.stage, ct.tags, ct.notes,
  ct.created_at AS first_contact_at,
  coalesce(max(c.last_activity_at), ct.created_at) AS last_contact_at,
  count(c.id)::int AS conversation_count,
  coalesce(array_agg(DISTINCT c.channel ORDER BY c.channel) FILTER (WHERE c.id IS NOT NULL),
    '{}'::text[])
  || CASE WHEN ct.phone IS NOT NULL AND EXISTS (SELECT 1 FROM appointments ap
       WHERE ap.owner_id = ct.owner_id AND ap.customer_phone = ct.phone
         AND ap.source = 'booking_page')
     THEN ARRAY['booking_page'] ELSE '{}'::text[] END AS channels`;

/** One page of the owner's contacts, the most recent contact first. */
export async function listContacts(
  db: AppDb,
  ownerId: number,
  filter: ContactFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const where = conditions(ownerId, filter);
  const rows = await queryRows<ContactRow>(
    db,
    sql`SELECT ${SUMMARY}
      FROM contacts ct LEFT JOIN conversations c ON c.linked_contact_id = ct.id
      WHERE ${where}
      GROUP BY ct.id
      ORDER BY last_contact_at DESC, ct.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const counted = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM contacts ct WHERE ${where}`,
  );
  return { rows, total: counted[0]?.total ?? 0 };
}

/** Every contact of the owner (the CSV export), in the list's order. */
export async function allContacts(db: AppDb, ownerId: number): Promise<ContactRow[]> {
  return queryRows<ContactRow>(
    db,
    sql`SELECT ${SUMMARY}
      FROM contacts ct LEFT JOIN conversations c ON c.linked_contact_id = ct.id
      WHERE ct.owner_id = ${ownerId}
      GROUP BY ct.id
      ORDER BY last_contact_at DESC, ct.id DESC`,
  );
}

/** The owner's contact, or null (another owner's is none). */
export async function findContact(
  db: AppDb,
  ownerId: number,
  id: number,
): Promise<ContactRow | null> {
  const rows = await queryRows<ContactRow>(
    db,
    sql`SELECT ${SUMMARY}
      FROM contacts ct LEFT JOIN conversations c ON c.linked_contact_id = ct.id
      WHERE ct.owner_id = ${ownerId} AND ct.id = ${id}
      GROUP BY ct.id`,
  );
  return rows[0] ?? null;
}

export interface ContactConversationRow {
  id: number;
  agent_id: number;
  agent_name: string;
  channel: string;
  contact_id: string;
  last_activity_at: Date | string;
  message_count: number;
}

/** The contact's conversations (the owner's agents only), newest activity first. */
export async function contactConversations(
  db: AppDb,
  ownerId: number,
  contactId: number,
): Promise<ContactConversationRow[]> {
  return queryRows<ContactConversationRow>(
    db,
    sql`SELECT c.id, c.agent_id, a.name AS agent_name, c.channel, c.contact_id, c.last_activity_at,
        (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id) AS message_count
      FROM conversations c JOIN agents a ON a.id = c.agent_id
      WHERE c.linked_contact_id = ${contactId} AND a.owner_id = ${ownerId}
      ORDER BY c.last_activity_at DESC, c.id DESC`,
  );
}

/** The owner's changes; whether the contact was theirs. */
export async function updateContact(
  db: AppDb,
  ownerId: number,
  id: number,
  patch: ContactPatch,
): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({
      ...patch,
      // a name the owner gives is theirs: the agent no longer changes it
      ...(patch.name !== undefined ? { nameBy: 'owner' } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/**
 * What the agent learned of the customer: the name unless the owner gave one, the interest
 * replacing the last one. One statement, whatever the two hold.
 */
export async function saveLearned(
  db: AppDb,
  ownerId: number,
  id: number,
  learned: { name: string | null; interest: string | null },
): Promise<void> {
  await db
    .update(contacts)
    .set({
      name: sql`CASE WHEN ${learned.name}::text IS NOT NULL AND ${contacts.nameBy} <> 'owner'
        THEN ${learned.name}::text ELSE ${contacts.name} END`,
      nameBy: sql`CASE WHEN ${learned.name}::text IS NOT NULL AND ${contacts.nameBy} <> 'owner'
        THEN 'customer' ELSE ${contacts.nameBy} END`,
      interest: sql`coalesce(${learned.interest}::text, ${contacts.interest})`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
}
