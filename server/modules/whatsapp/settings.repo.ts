import { eq } from 'drizzle-orm';
import { DEFAULT_WHATSAPP_SETTINGS, type WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppDb } from '../../db/client';
import { whatsappSettings } from '../../db/schema';

export type WhatsappSettingsRow = typeof whatsappSettings.$inferSelect;

/** The settings a row holds; the defaults for an agent without one. */
export function toSettings(row: WhatsappSettingsRow | undefined): WhatsappSettings {
  if (!row) return { ...DEFAULT_WHATSAPP_SETTINGS };
  return {
    allowGroups: row.allowGroups,
    takeoverMinutes: row.takeoverMinutes,
    pauseKeywords: row.pauseKeywords,
    resumeKeywords: row.resumeKeywords,
    debounceMs: row.debounceMs,
    voiceReply: row.voiceReply,
    unsupportedMessage: row.unsupportedMessage,
  };
}

/** The agent's row, if saved; the caller checked the agent against the owner. */
export async function findSettings(
  db: AppDb,
  agentId: number,
): Promise<WhatsappSettingsRow | undefined> {
  const rows = await db
    .select()
    .from(whatsappSettings)
    .where(eq(whatsappSettings.agentId, agentId))
    .limit(1);
  return rows[0];
}

export async function upsertSettings(
  db: AppDb,
  agentId: number,
  settings: WhatsappSettings,
): Promise<WhatsappSettingsRow> {
  const rows = await db
    .insert(whatsappSettings)
    .values({ agentId, ...settings })
    .onConflictDoUpdate({
      target: whatsappSettings.agentId,
      set: { ...settings, updatedAt: new Date() },
    })
    .returning();
  return rows[0]!;
}
