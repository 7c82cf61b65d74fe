import { sql } from 'drizzle-orm';
import type { Preferences, preferencesSchema } from '@common/schemas/settings';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { findUserByIdCached, updateUser } from '../users';

/**
 * The time zone the owner's days are counted in (reports, this month's usage): theirs from
 * Settings, else the operator's TZ_DEFAULT. Read through the user cache on the embedded database.
 */
export async function ownerTimeZone(ctx: AppContext, ownerId: number): Promise<string> {
  const user = await findUserByIdCached(ctx.database.db, ctx.cache?.users ?? null, ownerId);
  return user?.timeZone ?? ctx.config.TZ_DEFAULT;
}

export async function preferencesView(ctx: AppContext, ownerId: number): Promise<Preferences> {
  return { timezone: await ownerTimeZone(ctx, ownerId) };
}

export async function savePreferences(
  ctx: AppContext,
  ownerId: number,
  input: z.output<typeof preferencesSchema>,
): Promise<Preferences> {
  const db = ctx.database.db;
  // The zone is used in SQL (AT TIME ZONE): the database must know it too, not only the runtime.
  const known = await db
    .execute(sql`select now() at time zone ${input.timezone}`)
    .then(() => true)
    .catch(() => false);
  if (!known) {
    throw new AppError('VALIDATION', { fieldErrors: { timezone: ['settings.timezoneInvalid'] } });
  }
  const row = await updateUser(db, ownerId, { timeZone: input.timezone });
  if (!row) throw new AppError('UNAUTHENTICATED');
  ctx.cache?.users.delete(ownerId);
  return { timezone: row.timeZone ?? ctx.config.TZ_DEFAULT };
}
