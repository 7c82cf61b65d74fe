import { eq } from 'drizzle-orm';
import type { WhatsappEventType } from '@common/schemas/whatsapp';
import type { AppDb } from '../../../../db/client';
import {
  agents,
  evolutionInstances,
  whatsappEvents,
  whatsappInstances,
} from '../../../../db/schema';
import type { PipelineTarget } from '../../../conversations';

/** Whether the agent's instance holds a QR code waiting to be scanned. */
export async function agentInstanceHasQr(db: AppDb, id: number): Promise<boolean> {
  const current = await db
    .select({ qrCode: whatsappInstances.qrCode })
    .from(whatsappInstances)
    .where(eq(whatsappInstances.id, id));
  return Boolean(current[0]?.qrCode);
}

/**
 * updateAgentInstance, with the instance row locked: resolves to the status it had before, and
 * the agent's owner and name (to tell the owner when a connected number drops).
 */
export async function updateAgentInstanceFrom(
  db: AppDb,
  id: number,
  set: Partial<typeof whatsappInstances.$inferInsert>,
): Promise<{ before: string; ownerId: number; agentId: number; agentName: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        before: whatsappInstances.status,
        ownerId: agents.ownerId,
        agentId: agents.id,
        agentName: agents.name,
      })
      .from(whatsappInstances)
      .innerJoin(agents, eq(agents.id, whatsappInstances.agentId))
      .where(eq(whatsappInstances.id, id))
      .for('update', { of: whatsappInstances });
    if (!row) return null;
    await tx.update(whatsappInstances).set(set).where(eq(whatsappInstances.id, id));
    return row;
  });
}

export async function updateAgentInstance(
  db: AppDb,
  id: number,
  set: Partial<typeof whatsappInstances.$inferInsert>,
) {
  await db.update(whatsappInstances).set(set).where(eq(whatsappInstances.id, id));
}

export async function updateRegistryInstance(
  db: AppDb,
  id: number,
  set: Partial<typeof evolutionInstances.$inferInsert>,
) {
  await db.update(evolutionInstances).set(set).where(eq(evolutionInstances.id, id));
}

/** A registered gateway's address and (sealed) API key; null when it is gone. */
export async function registryGateway(db: AppDb, id: number) {
  const rows = await db
    .select({ url: evolutionInstances.url, apiKey: evolutionInstances.apiKey })
    .from(evolutionInstances)
    .where(eq(evolutionInstances.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** One line of the instance's activity log. */
export async function recordEvent(
  db: AppDb,
  target:
    | Pick<PipelineTarget, 'instanceName' | 'agentId'>
    | { instanceName: string; agentId: number | null },
  type: WhatsappEventType,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await db.insert(whatsappEvents).values({
    instanceName: target.instanceName,
    agentId: target.agentId,
    type,
    detail,
  });
}
