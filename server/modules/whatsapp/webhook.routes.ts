import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  messageKeySchema,
  messagesUpdateDataSchema,
  webhookEnvelopeSchema,
} from '../../adapters/gateway/evolution-webhook';
import { AppError } from '../../lib/errors';
import { createLimiter } from '../rate-limit';
import { InboxWriter } from './pipeline/inbox-writer';
import {
  messageDedupeKey,
  receiptDedupeKey,
  type InboxPayload,
} from './pipeline/store/store-inbox';
import { targetByOwner, targetBySecret } from './webhook-auth';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from './whatsapp-shared';
import type { PipelineTarget } from '../conversations';

/** The events the pipeline acts on; anything else is acknowledged and dropped. */
const HANDLED_EVENTS = new Set([
  'messages.upsert',
  'send.message',
  'messages.update',
  'connection.update',
  'qrcode.updated',
]);

interface Envelope {
  event: string;
  instance: string;
  data: unknown;
  date_time?: string | undefined;
  sender?: string | null | undefined;
}

/**
 * The owner's WhatsApp test tool posts simplified shapes, `{event:'MESSAGES_UPSERT', instance,
 * data:{messages:[…]}}` and `{event:'CONNECTION_UPDATE', instance, data:{state}}`: turned into
 * the envelopes the gateway sends (`event` lower-case and dotted, one message per delivery).
 */
const simplifiedUpsert = z.object({
  event: z.literal('MESSAGES_UPSERT'),
  instance: z.string().min(1),
  data: z.object({
    messages: z
      .array(z.looseObject({ key: messageKeySchema }))
      .min(1)
      .max(50),
  }),
});
const simplifiedConnection = z.object({
  event: z.literal('CONNECTION_UPDATE'),
  instance: z.string().min(1),
  data: z.looseObject({ state: z.string().min(1) }),
});

function normalise(body: unknown): Envelope[] | null {
  const upsert = simplifiedUpsert.safeParse(body);
  if (upsert.success) {
    return upsert.data.data.messages.map((m) => ({
      event: 'messages.upsert',
      instance: upsert.data.instance,
      data: m,
    }));
  }
  const connection = simplifiedConnection.safeParse(body);
  if (connection.success) {
    return [
      {
        event: 'connection.update',
        instance: connection.data.instance,
        data: { instance: connection.data.instance, ...connection.data.data },
      },
    ];
  }
  const envelope = webhookEnvelopeSchema.safeParse(body);
  if (!envelope.success) return null;
  const e = envelope.data;
  if (e.event === 'messages.upsert' || e.event === 'send.message') {
    if (!z.looseObject({ key: messageKeySchema }).safeParse(e.data).success) return null;
  }
  return [
    {
      event: e.event,
      instance: e.instance,
      data: e.data,
      date_time: e.date_time,
      sender: e.sender,
    },
  ];
}

/**
 * The gateway's clock (`date_time`, local time mislabelled as UTC: fine for ordering one
 * gateway's events); the owner's test tool sends none, so its events are timed on arrival.
 */
function gatewayTime(dateTime: string | undefined): string {
  const at = dateTime === undefined ? new Date() : new Date(dateTime);
  return Number.isNaN(at.getTime()) ? new Date().toISOString() : at.toISOString();
}

function dedupeKey(target: PipelineTarget, envelope: Envelope): string {
  if (envelope.event === 'messages.upsert' || envelope.event === 'send.message') {
    return messageDedupeKey(target, (envelope.data as { key: { id: string } }).key.id);
  }
  // A receipt changes a message once per status; a malformed one is stored by its hash, to be
  // recorded as ignored.
  const receipt =
    envelope.event === 'messages.update' && messagesUpdateDataSchema.safeParse(envelope.data);
  if (receipt && receipt.success) {
    return receiptDedupeKey(target, receipt.data);
  }
  // The gateway's retries of a connection or QR event repeat the same body, date_time included.
  const hash = createHash('sha256')
    .update(JSON.stringify([envelope.event, envelope.data, envelope.date_time ?? Date.now()]))
    .digest('base64url');
  return `evt:${target.kind}:${target.id}:${hash}`;
}

function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return true;
  const host = request.headers.host;
  return host !== undefined && origin === `${request.protocol}://${host}`;
}

function instanceOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const instance = (body as { instance?: unknown }).instance;
  return typeof instance === 'string' && instance.length > 0 && instance.length <= 200
    ? instance
    : null;
}

/**
 * POST /api/whatsapp/webhook, where the pipeline starts: authenticate, validate, store in the
 * inbox with a unique key, answer 200 at once; pg-boss jobs do the rest. Registered where
 * sessions are read, for the owner's test tool; the Origin rule exempts the path, so the session
 * branch checks it.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const inbox = new InboxWriter(ctx, app.log);
  // A flood guard, not a quota: after an outage the gateway redelivers its backlog quickly.
  const perInstance = createLimiter(app, {
    max: 30_000,
    windowMs: 60_000,
    key: (request) => `whatsapp-webhook:${instanceOf(request.body) ?? request.ip}`,
  });

  // A customer's message with a stray NUL is still their message: repaired, not refused.
  app.post(WEBHOOK_PATH, { config: { textPolicy: 'normalise' } }, async (request, reply) => {
    const instance = instanceOf(request.body);
    const secret = request.headers[WEBHOOK_SECRET_HEADER];
    let target: PipelineTarget | null = null;
    if (instance && typeof secret === 'string' && secret.length > 0) {
      target = await targetBySecret(ctx, instance, secret);
    } else if (instance && request.session.userId !== undefined) {
      if (!sameOrigin(request, ctx.config.PUBLIC_URL)) throw new AppError('FORBIDDEN_ORIGIN');
      target = await targetByOwner(ctx, instance, request.session.userId);
    }
    if (!target) throw new AppError('UNAUTHENTICATED');
    await perInstance(request);

    const envelopes = normalise(request.body);
    if (!envelopes) throw new AppError('BAD_REQUEST');
    const results = await Promise.all(
      envelopes
        .filter((envelope) => HANDLED_EVENTS.has(envelope.event))
        .map((envelope) => {
          const payload: InboxPayload = {
            target,
            event: envelope.event,
            data: envelope.data,
            sender: envelope.sender ?? null,
            at: gatewayTime(envelope.date_time),
          };
          return inbox.store(dedupeKey(target, envelope), payload);
        }),
    );
    const stored = results.filter(Boolean).length;
    return reply.status(200).send({ received: true, stored });
  });
}
