import { timingSafeEqual, createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { agents, evolutionInstances, whatsappInstances } from '../../db/schema';
import type { PipelineTarget } from '../conversations';

/**
 * Who a delivery is for. The gateway proves itself with the instance's secret in the webhook
 * header (Evolution signs no webhook body, so a shared secret in a custom header is what it
 * offers); the owner's test tool with the session.
 */

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

function openSecret(ctx: AppContext, stored: string | null): string | null {
  if (!stored) return null;
  try {
    return ctx.secrets.decrypt(stored);
  } catch {
    return stored;
  }
}

/**
 * Recent matches, on the embedded database only (one process, see SessionCache): a gateway posts
 * every message with the same instance and secret, and the lookup would otherwise be a query and
 * a decryption per delivery. Only matches are kept, for MATCH_TTL_MS, so a deleted instance or a
 * replaced secret stops being accepted within that time; a new instance is found at once.
 */
const MATCH_TTL_MS = 5_000;
const MAX_MATCHES = 1_000;
const matches = new WeakMap<object, Map<string, { target: PipelineTarget; until: number }>>();

function matchCacheOf(ctx: AppContext) {
  if (!ctx.cache) return null;
  let cache = matches.get(ctx.cache);
  if (!cache) {
    cache = new Map();
    matches.set(ctx.cache, cache);
  }
  return cache;
}

export async function targetBySecret(
  ctx: AppContext,
  instanceName: string,
  secret: string,
): Promise<PipelineTarget | null> {
  const cache = matchCacheOf(ctx);
  const key = `${instanceName}\u0000${createHash('sha256').update(secret).digest('base64url')}`;
  const hit = cache?.get(key);
  if (hit && hit.until > Date.now()) return hit.target;
  const target = await lookUpTarget(ctx, instanceName, secret);
  if (cache && target) {
    if (cache.size >= MAX_MATCHES) cache.delete(cache.keys().next().value!);
    cache.set(key, { target, until: Date.now() + MATCH_TTL_MS });
  }
  return target;
}

async function lookUpTarget(
  ctx: AppContext,
  instanceName: string,
  secret: string,
): Promise<PipelineTarget | null> {
  // Acknowledging a delivery must not wait behind background jobs (QueryGate).
  const db = ctx.database.urgentDb;
  const own = await db
    .select({
      id: whatsappInstances.id,
      agentId: whatsappInstances.agentId,
      secret: whatsappInstances.webhookSecret,
    })
    .from(whatsappInstances)
    .where(eq(whatsappInstances.instanceName, instanceName))
    .limit(1);
  let found: PipelineTarget | null = null;
  for (const row of own) {
    const stored = openSecret(ctx, row.secret);
    if (stored && sameSecret(stored, secret)) {
      found = { kind: 'agent', id: row.id, agentId: row.agentId, instanceName };
    }
  }
  if (found) return found;
  // Several owners may name an instance alike on different gateways: the secret tells them apart.
  const registered = await db
    .select({
      id: evolutionInstances.id,
      agentId: evolutionInstances.connectedAgentId,
      secret: evolutionInstances.webhookSecret,
    })
    .from(evolutionInstances)
    .where(
      and(
        eq(evolutionInstances.instanceId, instanceName),
        isNotNull(evolutionInstances.connectedAgentId),
      ),
    );
  for (const row of registered) {
    const stored = openSecret(ctx, row.secret);
    if (!found && stored && row.agentId !== null && sameSecret(stored, secret)) {
      found = { kind: 'registry', id: row.id, agentId: row.agentId, instanceName };
    }
  }
  return found;
}

/** The signed-in owner's own instance of that name (the WhatsApp test tool). */
export async function targetByOwner(
  ctx: AppContext,
  instanceName: string,
  ownerId: number,
): Promise<PipelineTarget | null> {
  const db = ctx.database.urgentDb;
  const own = await db
    .select({ id: whatsappInstances.id, agentId: whatsappInstances.agentId })
    .from(whatsappInstances)
    .innerJoin(agents, eq(agents.id, whatsappInstances.agentId))
    .where(and(eq(whatsappInstances.instanceName, instanceName), eq(agents.ownerId, ownerId)))
    .limit(1);
  if (own[0]) return { kind: 'agent', id: own[0].id, agentId: own[0].agentId, instanceName };
  const registered = await db
    .select({ id: evolutionInstances.id, agentId: evolutionInstances.connectedAgentId })
    .from(evolutionInstances)
    .where(
      and(
        eq(evolutionInstances.instanceId, instanceName),
        eq(evolutionInstances.ownerId, ownerId),
        isNotNull(evolutionInstances.connectedAgentId),
      ),
    )
    .limit(1);
  const row = registered[0];
  if (row?.agentId) return { kind: 'registry', id: row.id, agentId: row.agentId, instanceName };
  return null;
}
