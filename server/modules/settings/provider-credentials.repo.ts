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
