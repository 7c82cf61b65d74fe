import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationSettings } from '@common/schemas/notifications';
import type { AppDb } from '../../db/client';
import { notificationSettings, notifications } from '../../db/schema';
import { textArray } from '../../db/sql-arrays';

/** Every query takes the owner: another owner's notification does not exist here. */
export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(
  db: AppDb,
  ownerId: number,
  kind: string,
  payload: Record<string, unknown>,
): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values({ ownerId, kind, payload }).returning();
  return row!;
}

/** The owner's notifications newest first, below `before` when given. */
export function listNotifications(
  db: AppDb,
  ownerId: number,
  before: number | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.ownerId, ownerId),
        before === undefined ? undefined : lt(notifications.id, before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: AppDb, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the owner's unread notifications read (those of `ids`, or all); how many changed. */
export async function markRead(db: AppDb, ownerId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.ownerId, ownerId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findSettings(db: AppDb, ownerId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.ownerId, ownerId))
    .limit(1);
  return {
    whatsappEnabled: row?.whatsappEnabled ?? false,
    whatsappPhone: row?.whatsappPhone ?? null,
  };
}

export async function saveSettings(
  db: AppDb,
  ownerId: number,
  settings: NotificationSettings,
): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(notificationSettings)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.ownerId, set: values });
}

/** One notification by id (the WhatsApp job), whoever's it is. */
export async function findNotification(db: AppDb, id: number): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ?? null;
}

/** The LGPD erasure of a person: the owner's notifications about their conversations. */
export async function eraseNotificationsAbout(
  db: AppDb,
  ownerId: number,
  conversationIds: readonly number[],
) {
  if (conversationIds.length === 0) return;
  await db.execute(sql`DELETE FROM notifications
    WHERE owner_id = ${ownerId} AND payload->>'conversationId' = ANY (${textArray(conversationIds.map(String))})`);
}
