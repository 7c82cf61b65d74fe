import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { providerCredentials } from '../../db/schema';

export type ProviderCredentialsRow = typeof providerCredentials.$inferSelect;

export async function findProviderCredentials(
  db: AppDb,
  userId: number,
): Promise<ProviderCredentialsRow | undefined> {
  const rows = await db
    .select()
    .from(providerCredentials)
    .where(eq(providerCredentials.userId, userId))
    .limit(1);
  return rows[0];
}

export type ProviderCredentialsValues = Omit<
  typeof providerCredentials.$inferInsert,
  'id' | 'userId'
>;

/** The user's own provider settings, created or replaced. */
export async function saveProviderCredentials(
  db: AppDb,
  userId: number,
  values: ProviderCredentialsValues,
): Promise<void> {
  await db
    .insert(providerCredentials)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: providerCredentials.userId, set: values });
}
