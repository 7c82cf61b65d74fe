import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { phoneVariants } from '../../lib/phone';
import type { ContactHooks } from './contact-hooks';
import {
  eraseContactRow,
  exportConversations,
  exportNotifications,
  personConversations,
  type PersonConversation,
} from './contact-data.repo';
import { findContact } from './contacts.repo';
import { toContact } from './contacts.service';

/**
 * LGPD (Lei 13.709, art. 18): the owner, as controller, answers a person's request to see or to
 * erase what the business holds about them. One read gives everything; one transaction erases it.
 */

/** GET /api/contacts/{id}/export: the contact, its conversations with every message, events. */
export async function exportContact(
  ctx: AppContext,
  hooks: ContactHooks,
  ownerId: number,
  id: number,
) {
  return ctx.database.db.transaction(async (tx) => {
    const row = await findContact(tx, ownerId, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    const ids = (await personConversations(tx, ownerId, id)).map((c) => c.id);
    const extras = hooks.exportExtras
      ? await hooks.exportExtras(tx, ownerId, { id, phone: row.phone })
      : {};
    return {
      exportedAt: new Date().toISOString(),
      contact: toContact(row),
      conversations: await exportConversations(tx, ownerId, ids),
      notifications: await exportNotifications(tx, ownerId, ids),
      ...extras,
    };
  });
}

/** The addresses a gateway knows the person by: their phone's spellings, other JIDs. */
function addressesOf(conversations: readonly PersonConversation[], phone: string | null) {
  const phones = new Set<string>(phone ? phoneVariants(phone) : []);
  const jids = new Set<string>();
  for (const c of conversations) {
    if (c.channel !== 'whatsapp') continue;
    if (/^\d+$/.test(c.contact_id)) for (const p of phoneVariants(c.contact_id)) phones.add(p);
    else jids.add(c.contact_id);
    if (c.reply_jid) jids.add(c.reply_jid);
  }
  return { phones: [...phones], jids: [...jids] };
}

/**
 * DELETE /api/contacts/{id}: the contact and everything about them — conversations with their
 * messages, files, events, rollups and unanswered questions; notifications and live events about
 * them; the WhatsApp deliveries that carried their messages; what the hooks add — in one
 * transaction, deleted rather than hidden.
 */
export async function eraseContact(
  ctx: AppContext,
  hooks: ContactHooks,
  ownerId: number,
  id: number,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const row = await findContact(tx, ownerId, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    const conversations = await personConversations(tx, ownerId, id);
    const ids = conversations.map((c) => c.id);
    // Each module erases its own rows about the person (the composition's order: what is about
    // the conversations before the conversations), then the contact goes.
    await hooks.erase(tx, ownerId, {
      id,
      phone: row.phone,
      conversationIds: ids,
      ...addressesOf(conversations, row.phone),
    });
    await eraseContactRow(tx, ownerId, id);
  });
}
