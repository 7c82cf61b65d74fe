import type { NotificationKind, OwnerNotification } from '@common/schemas/inbox';
import type {
  NotificationSettings,
  NotificationsPage,
  NotificationsRead,
} from '@common/schemas/notifications';
import type { AppContext } from '../../app-context';
import { publishOwnerEvent } from '../events';
import { enqueueOwnerWhatsapp } from './notifications-jobs';
import * as repo from './notifications.repo';

/** What a new notification is about (OwnerNotification without what the table gives it). */
export interface NotificationInput {
  kind: NotificationKind;
  conversationId?: number | null;
  agentId?: number | null;
  /** a contact's name or number, a document's file name, an agent's name */
  subject?: string | null;
}

export function toOwnerNotification(row: repo.NotificationRow): OwnerNotification {
  const payload = row.payload;
  const numberOf = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    conversationId: numberOf(payload.conversationId),
    agentId: numberOf(payload.agentId),
    subject: typeof payload.subject === 'string' ? payload.subject : null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Tells the owner: the notification is stored (the bell lists it until read), published live to
 * their open screens, and queued for their own WhatsApp when they turned that on. The publish and
 * the queueing are best effort: the stored notification stands whatever happens to them.
 */
export async function notifyOwner(
  ctx: AppContext,
  ownerId: number,
  input: NotificationInput,
): Promise<OwnerNotification> {
  const db = ctx.database.db;
  const row = await repo.insertNotification(db, ownerId, input.kind, {
    conversationId: input.conversationId ?? null,
    agentId: input.agentId ?? null,
    subject: input.subject ? input.subject.slice(0, 200) : null,
  });
  const notification = toOwnerNotification(row);
  await publishOwnerEvent(ctx, ownerId, { type: 'notification', notification }).catch(
    () => undefined,
  );
  const settings = await repo.findSettings(db, ownerId);
  if (settings.whatsappEnabled && settings.whatsappPhone) {
    await enqueueOwnerWhatsapp(ctx, { notificationId: row.id }).catch(() => undefined);
  }
  return notification;
}

/** Like notifyOwner, but a failure is only logged: the caller's work is what matters. */
export async function notifyOwnerQuietly(
  ctx: AppContext,
  ownerId: number,
  input: NotificationInput,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  try {
    await notifyOwner(ctx, ownerId, input);
  } catch (err) {
    log?.warn({ err, kind: input.kind }, 'owner notification failed');
  }
}

export async function listOwnerNotifications(
  ctx: AppContext,
  ownerId: number,
  query: { before?: number | undefined; limit: number },
): Promise<NotificationsPage> {
  const db = ctx.database.db;
  const rows = await repo.listNotifications(db, ownerId, query.before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toOwnerNotification),
    unread: await repo.unreadCount(db, ownerId),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** Marks the owner's notifications read; ids of another owner (or unknown) are ignored. */
export async function readOwnerNotifications(
  ctx: AppContext,
  ownerId: number,
  input: NotificationsRead,
): Promise<{ updated: number; unread: number }> {
  const db = ctx.database.db;
  const updated = await repo.markRead(db, ownerId, 'all' in input ? 'all' : input.ids);
  return { updated, unread: await repo.unreadCount(db, ownerId) };
}

export function notificationSettingsOf(ctx: AppContext, ownerId: number) {
  return repo.findSettings(ctx.database.db, ownerId);
}

export async function saveNotificationSettings(
  ctx: AppContext,
  ownerId: number,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  await repo.saveSettings(ctx.database.db, ownerId, settings);
  return settings;
}
