import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDb } from '../../../../db/client';
import {
  evolutionInstances,
  messages,
  whatsappCloudNumbers,
  whatsappInstances,
} from '../../../../db/schema';
import type { PipelineTarget } from '../../../conversations';

/**
 * The stored status of a target's line (whatsapp_instances, evolution_instances or
 * whatsapp_cloud_numbers).
 */
export async function targetInstanceStatus(
  db: AppDb,
  target: PipelineTarget,
): Promise<string | null> {
  const table =
    target.kind === 'agent'
      ? whatsappInstances
      : target.kind === 'cloud'
        ? whatsappCloudNumbers
        : evolutionInstances;
  const [row] = await db
    .select({ status: table.status })
    .from(table)
    .where(eq(table.id, target.id))
    .limit(1);
  return row?.status ?? null;
}

/**
 * A person's messages of the conversation whose gateway id is not recorded (being sent, or failed),
 * oldest first; and the business's own messages sent outside a turn (a reminder: assistant,
 * stored pending before its send — a turn's parts are stored with their gateway id).
 */
export function unsentPersonMessages(db: AppDb, conversationId: number) {
  return db
    .select({ id: messages.id, kind: messages.kind, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        inArray(messages.role, ['human', 'assistant']),
        isNull(messages.gatewayMessageId),
        inArray(messages.status, ['pending', 'failed']),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(20);
}
