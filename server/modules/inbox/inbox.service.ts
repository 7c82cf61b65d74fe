import type {
  InboxConversationDetail,
  InboxConversationItem,
  InboxListPage,
  InboxListQuery,
  InboxPatch,
} from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import { announceState } from './announce';
import type { AppDb } from '../../db/client';
import { AppError } from '../../lib/errors';
import { channelOf, handOver, updateConversation } from '../conversations';
import { resumeBotOf, takeoverSubject } from './conversations.service';
import { decodeCursor, encodeCursor } from './inbox-cursor';
import { toInboxItem, toInboxMessage } from './inbox-view';
import {
  inboxItemRow,
  inboxPage,
  messagesBefore,
  ownedConversation,
  searchLexemes,
  type InboxSearch,
} from './inbox.repo';

/**
 * The owner's inbox: every customer conversation of their agents, WhatsApp and the
 * website together, and what the owner does to one — read, notes and tags, handoff and resume.
 */
export const INBOX_PAGE_SIZE = 30;
export const INBOX_MESSAGES_PAGE_SIZE = 50;

export async function listInbox(
  ctx: AppContext,
  ownerId: number,
  query: InboxListQuery,
): Promise<InboxListPage> {
  const db = ctx.database.db;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const search = query.q ? await inboxSearch(db, query.q) : null;
  const rows = await inboxPage(db, {
    ownerId,
    channel: query.channel,
    agentId: query.agentId,
    status: query.status,
    search,
    after,
    limit: INBOX_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toInboxItem),
    nextCursor:
      rows.length > INBOX_PAGE_SIZE && last
        ? encodeCursor({ activity: last.activity_key, id: last.id })
        : null,
  };
}

/** A lexeme as a tsquery term taken verbatim (quoted), matching as a prefix from 3 letters on. */
const term = (lexeme: string) =>
  `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'${lexeme.length >= 3 ? ':*' : ''}`;

/**
 * What a search text looks for: its words in message text (all of them, each also as the start
 * of a longer word, so a search matches while it is typed), a substring of the contact's name,
 * and, when it is written like a phone number, those digits in a WhatsApp contact's phone.
 */
async function inboxSearch(db: AppDb, q: string): Promise<InboxSearch | null> {
  const text = q.trim();
  if (!text) return null;
  const digits = text.replace(/\D/g, '');
  const lexemes = await searchLexemes(db, text);
  return {
    text,
    phoneDigits: /^[\d\s()+.-]+$/.test(text) && digits.length >= 3 ? digits : null,
    tsquery: lexemes.length > 0 ? lexemes.map(term).join(' & ') : null,
  };
}

/** The owner's conversation as the list shows it; null when it is not theirs (or a test chat). */
export async function inboxConversationItem(
  db: AppDb,
  ownerId: number,
  conversationId: number,
): Promise<InboxConversationItem | null> {
  const row = await inboxItemRow(db, ownerId, conversationId);
  return row ? toInboxItem(row) : null;
}

async function itemOrNotFound(ctx: AppContext, ownerId: number, conversationId: number) {
  const item = await inboxConversationItem(ctx.database.db, ownerId, conversationId);
  if (!item) throw new AppError('CONVERSATION_NOT_FOUND');
  return item;
}

async function owned(ctx: AppContext, ownerId: number, conversationId: number) {
  const row = await ownedConversation(ctx.database.db, ownerId, conversationId);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

/** The conversation and a page of its messages (oldest first): the newest, or those before one. */
export async function inboxConversation(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  before: number | null,
): Promise<InboxConversationDetail> {
  const db = ctx.database.db;
  const row = await inboxItemRow(db, ownerId, conversationId);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  const [list, conversation] = await Promise.all([
    messagesBefore(db, row.id, before, INBOX_MESSAGES_PAGE_SIZE + 1),
    owned(ctx, ownerId, conversationId),
  ]);
  const page = list.slice(0, INBOX_MESSAGES_PAGE_SIZE).reverse();
  return {
    conversation: { ...toInboxItem(row), notes: row.notes, firstSeenAt: row.first_seen_at },
    messages: page.map(toInboxMessage),
    olderCursor: list.length > INBOX_MESSAGES_PAGE_SIZE ? page[0]!.id : null,
    window: await channelOf(ctx, conversation).window(ctx, conversation),
  };
}

/** Read or unread, notes, tags (the same tag twice is kept once). */
export async function patchInboxConversation(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
  patch: InboxPatch,
): Promise<InboxConversationItem> {
  const row = await owned(ctx, ownerId, conversationId);
  await updateConversation(ctx.database.db, row.id, {
    read: patch.read,
    notes: patch.notes,
    tags: patch.tags ? [...new Set(patch.tags)] : undefined,
  });
  await announceState(ctx, row.id);
  return itemOrNotFound(ctx, ownerId, row.id);
}

/** A person must answer: the bot is quiet on the conversation's channel until resumed. */
export async function handOffInboxConversation(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
): Promise<InboxConversationItem> {
  const row = await owned(ctx, ownerId, conversationId);
  await handOver(ctx.database.db, takeoverSubject(ctx, row));
  await announceState(ctx, row.id);
  return itemOrNotFound(ctx, ownerId, row.id);
}

/** The bot answers again: the handoff and any pause end. */
export async function resumeInboxConversation(
  ctx: AppContext,
  ownerId: number,
  conversationId: number,
): Promise<InboxConversationItem> {
  const row = await owned(ctx, ownerId, conversationId);
  await resumeBotOf(ctx, row);
  await announceState(ctx, row.id);
  return itemOrNotFound(ctx, ownerId, row.id);
}
