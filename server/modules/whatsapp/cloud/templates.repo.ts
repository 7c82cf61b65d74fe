import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { whatsappTemplates } from '../../../db/schema';

/** The owner's message templates (whatsapp_templates): the one writer of that table. */

export type TemplateRow = typeof whatsappTemplates.$inferSelect;

export async function templatesOfOwner(db: AppDb, ownerId: number) {
  return db
    .select()
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.ownerId, ownerId))
    .orderBy(desc(whatsappTemplates.id));
}

export async function templateOfOwner(db: AppDb, ownerId: number, id: number) {
  const rows = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.ownerId, ownerId), eq(whatsappTemplates.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertTemplate(db: AppDb, row: typeof whatsappTemplates.$inferInsert) {
  const [inserted] = await db.insert(whatsappTemplates).values(row).returning();
  return inserted!;
}

/**
 * Meta's review of a template (the `message_template_status_update` webhook): its status and
 * reason, by Meta's id. A template this server does not hold changes nothing.
 */
export async function applyTemplateStatus(
  db: AppDb,
  graphId: string,
  status: string,
  reason: string | null,
) {
  await db
    .update(whatsappTemplates)
    .set({ status, reason: reason === 'NONE' ? null : reason, updatedAt: new Date() })
    .where(eq(whatsappTemplates.graphId, graphId));
}
