import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { agents, whatsappInstances } from '../../db/schema';
import { gatewayFor } from './pipeline/gateway';

/**
 * A notification to the owner's own number (the notifications module's job calls this): sent
 * through one of the owner's connected WhatsApp numbers — the agent's the notification is about
 * when it is connected, else the one connected longest — as a plain text. 'no-instance' when none
 * is connected (nothing is sent). A gateway failure is thrown: the job retries it.
 */
export async function sendOwnerWhatsapp(
  ctx: AppContext,
  message: { ownerId: number; agentId: number | null; number: string; text: string },
): Promise<'sent' | 'no-instance'> {
  const preferred = message.agentId ?? 0;
  const [instance] = await ctx.database.db
    .select({
      id: whatsappInstances.id,
      agentId: whatsappInstances.agentId,
      instanceName: whatsappInstances.instanceName,
    })
    .from(whatsappInstances)
    .innerJoin(agents, eq(agents.id, whatsappInstances.agentId))
    .where(and(eq(agents.ownerId, message.ownerId), eq(whatsappInstances.status, 'CONNECTED')))
    .orderBy(
      sql`${whatsappInstances.agentId} = ${preferred} DESC`,
      sql`${whatsappInstances.connectedAt} ASC NULLS LAST`,
      whatsappInstances.id,
    )
    .limit(1);
  if (!instance) return 'no-instance';
  const target = { kind: 'agent' as const, ...instance };
  const client = await gatewayFor(ctx, target);
  await client.sendText(instance.instanceName, { number: message.number, text: message.text });
  return 'sent';
}
