import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  parseCloudWebhook,
  verifyHandshake,
  verifySignature,
  type CloudEvent,
} from '../../../adapters/whatsapp-cloud/cloud-webhook';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/errors';
import { storedOfEcho, storedOfMessage } from '../pipeline/events/cloud-inbound';
import type { CloudStoredStatus } from '../pipeline/events/cloud-status';
import { InboxWriter } from '../pipeline/inbox-writer';
import { messageDedupeKey, type InboxPayload } from '../pipeline/store/store-inbox';
import type { PipelineTarget } from '../../conversations';
import { cloudAppSecret, cloudVerifyToken } from './cloud-graph';
import { lostWabaAccess } from './cloud-access';
import { cloudNumberByPhoneId } from './cloud-numbers.repo';
import { applyTemplateStatus } from './templates.repo';

/** Where Meta (or the built-in simulator) delivers the Cloud API's webhooks. */
export const CLOUD_WEBHOOK_PATH = '/api/whatsapp/cloud/webhook';
/** Meta's deliveries are up to 3 MB (reference §2.3); a little room for our own test tools. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** Account events after which the number no longer answers until the owner connects again. */
const LOST_ACCESS = new Set([
  'PARTNER_REMOVED',
  'PARTNER_APP_UNINSTALLED',
  'ACCOUNT_OFFBOARDED',
  'ACCOUNT_DELETED',
  'DISABLED_UPDATE',
]);

/**
 * Recent lookups of a number by its id, on the embedded database only (one process, as the
 * Evolution webhook's secret cache): Meta posts every message and three statuses per reply with
 * the same id, and the lookup would otherwise be a query per delivery. Kept MATCH_TTL_MS, so a
 * disconnected number stops being accepted within that time; a new number is found at once.
 */
const MATCH_TTL_MS = 5_000;
const MAX_MATCHES = 1_000;
type MatchCache = Map<string, { target: PipelineTarget; until: number }>;
const matches = new WeakMap<object, MatchCache>();

/** The agent's line a webhook's `metadata.phone_number_id` names; null for a number we do not hold. */
async function targetByPhoneId(
  ctx: AppContext,
  phoneNumberId: string,
): Promise<PipelineTarget | null> {
  let cache = ctx.cache ? matches.get(ctx.cache) : undefined;
  if (ctx.cache && !cache) {
    cache = new Map() as MatchCache;
    matches.set(ctx.cache, cache);
  }
  const hit = cache?.get(phoneNumberId);
  if (hit && hit.until > Date.now()) return hit.target;
  // Acknowledging a delivery must not wait behind background jobs (QueryGate).
  const number = await cloudNumberByPhoneId(ctx.database.urgentDb, phoneNumberId);
  if (!number || number.status === 'disconnected') return null;
  const target: PipelineTarget = {
    kind: 'cloud',
    id: number.id,
    agentId: number.agentId,
    instanceName: `cloud:${number.phoneNumberId}`,
  };
  if (cache) {
    if (cache.size >= MAX_MATCHES) cache.delete(cache.keys().next().value!);
    cache.set(phoneNumberId, { target, until: Date.now() + MATCH_TTL_MS });
  }
  return target;
}

/** The raw bytes of each request's body, for the signature (kept beside the parsed JSON). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The deliveries one event stands for, with their dedupe keys (Meta sends duplicates). */
function deliveriesOf(
  event: CloudEvent,
  target: PipelineTarget,
): { dedupeKey: string; payload: InboxPayload }[] {
  const at = new Date().toISOString();
  if (event.kind === 'message') {
    const stored = storedOfMessage(event.message, event.contact);
    if (!stored) return [];
    const payload: InboxPayload = { target, event: 'cloud.message', data: stored, at };
    return [{ dedupeKey: messageDedupeKey(target, stored.id), payload }];
  }
  if (event.kind === 'echo') {
    const stored = storedOfEcho(event.echo);
    if (!stored) return [];
    const payload: InboxPayload = { target, event: 'cloud.echo', data: stored, at };
    return [{ dedupeKey: messageDedupeKey(target, stored.id), payload }];
  }
  if (event.kind === 'status') {
    const data: CloudStoredStatus = event.status;
    const payload: InboxPayload = { target, event: 'cloud.status', data, at };
    // One key per message and status: the read ref of a crash recovery finds it (refWaiting).
    return [{ dedupeKey: `cst:${target.id}:${data.id}:${data.status}`, payload }];
  }
  return [];
}

/**
 * GET /api/whatsapp/cloud/webhook answers Meta's verification handshake; POST takes Meta's
 * deliveries: the `X-Hub-Signature-256` of the raw bytes is checked first (refused and nothing
 * stored otherwise), each message, echo and status is stored in the pipeline's inbox under its own
 * dedupe key (its text repaired by the text guard, as on the QR code's webhook) and answered 200
 * at once — the jobs do the rest, as for the QR code line. Template
 * reviews and account changes are applied here (one small update each). A number no agent holds
 * is acknowledged and dropped: Meta would otherwise retry it for a week.
 */
export async function whatsappCloudWebhookRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
) {
  const inbox = new InboxWriter(ctx, app.log);

  app.get(CLOUD_WEBHOOK_PATH, async (request, reply) => {
    const token = cloudVerifyToken(ctx);
    const challenge = token
      ? verifyHandshake(request.query as Record<string, unknown>, token)
      : null;
    if (challenge === null) throw new AppError('FORBIDDEN');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        const raw = body as Buffer;
        rawBodies.set(request, raw);
        try {
          done(null, JSON.parse(raw.toString('utf8')) as unknown);
        } catch {
          done(new AppError('BAD_REQUEST'), undefined);
        }
      },
    );
    // A customer's message with a stray NUL is still their message: repaired, not refused.
    scope.post(
      CLOUD_WEBHOOK_PATH,
      { config: { textPolicy: 'normalise' } },
      async (request, reply) => {
        const secret = cloudAppSecret(ctx);
        const raw = rawBodies.get(request);
        const signature = request.headers['x-hub-signature-256'];
        if (
          !secret ||
          !raw ||
          !verifySignature(raw, typeof signature === 'string' ? signature : undefined, secret)
        ) {
          request.log.warn({ path: CLOUD_WEBHOOK_PATH }, 'cloud webhook refused: bad signature');
          throw new AppError('UNAUTHENTICATED');
        }
        const events = parseCloudWebhook(request.body);
        const targets = new Map<string, PipelineTarget | null>();
        const targetOf = async (phoneNumberId: string) => {
          if (!targets.has(phoneNumberId))
            targets.set(phoneNumberId, await targetByPhoneId(ctx, phoneNumberId));
          return targets.get(phoneNumberId) ?? null;
        };
        const writes: Promise<boolean>[] = [];
        for (const event of events) {
          if (event.kind === 'template') {
            await applyTemplateStatus(ctx.database.db, event.templateId, event.event, event.reason);
            continue;
          }
          if (event.kind === 'account') {
            if (LOST_ACCESS.has(event.event)) await lostWabaAccess(ctx, event.wabaId);
            continue;
          }
          if (event.kind !== 'message' && event.kind !== 'echo' && event.kind !== 'status')
            continue;
          const target = await targetOf(event.phoneNumberId);
          if (!target) continue;
          for (const d of deliveriesOf(event, target))
            writes.push(inbox.store(d.dedupeKey, d.payload));
        }
        const stored = (await Promise.all(writes)).filter(Boolean).length;
        return reply.status(200).send({ received: true, stored });
      },
    );
  });
}
