import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { agents, whatsappInstances } from '../../db/schema';
import { cloudNumbersOfOwner } from './cloud/cloud-numbers.repo';
import { gatewayFor } from './pipeline/gateway';
import { lineFor } from './pipeline/line';

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
  if (!instance) return sendThroughOfficial(ctx, message, preferred);
  const target = { kind: 'agent' as const, ...instance };
  const client = await gatewayFor(ctx, target);
  await client.sendText(instance.instanceName, { number: message.number, text: message.text });
  return 'sent';
}

/**
 * With no number connected by QR code, one of the owner's official numbers (the agent's first):
 * the owner rarely writes to their own business number, so the notice goes in the approved
 * notice template (refused with CLOUD_WINDOW_CLOSED until Meta approves it; the job retries).
 */
async function sendThroughOfficial(
  ctx: AppContext,
  message: { ownerId: number; number: string; text: string },
  preferred: number,
): Promise<'sent' | 'no-instance'> {
  const numbers = (await cloudNumbersOfOwner(ctx.database.db, message.ownerId))
    .filter((n) => n.status === 'connected')
    .sort((a, b) => Number(b.agentId === preferred) - Number(a.agentId === preferred));
  const number = numbers[0];
  if (!number) return 'no-instance';
  const line = await lineFor(ctx, {
    kind: 'cloud',
    id: number.id,
    agentId: number.agentId,
    instanceName: `cloud:${number.phoneNumberId}`,
  });
  await line.sendText(`${message.number}@s.whatsapp.net`, message.text, null, 'template');
  return 'sent';
}
