import { webhookDefaultsSchema, type WebhookDefaultsView } from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import {
  ALL_WEBHOOK_EVENTS,
  toUpperSnake,
  type WebhookEventName,
} from '../../../adapters/gateway/evolution-events';
import { AppError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validate';
import * as repo from './evolution-instances.repo';

export function sealSecret(ctx: AppContext, plain: string): string {
  return ctx.secrets.encrypt(plain);
}

/** The stored secret in clear, or null when there is none or it cannot be read any more. */
export function openSecret(ctx: AppContext, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return ctx.secrets.decrypt(sealed);
  } catch {
    return null;
  }
}

const KNOWN_EVENTS = new Set<string>(ALL_WEBHOOK_EVENTS);

/**
 * Event names as the gateway's `/webhook/set` wants them (UPPER_SNAKE): dotted
 * names are converted, duplicates dropped, anything unknown is a field error (the gateway would
 * answer 400 for it).
 */
export function registryEvents(
  names: readonly string[],
  field = 'webhookEvents',
): WebhookEventName[] {
  const out: WebhookEventName[] = [];
  for (const name of names) {
    const upper = toUpperSnake(name.trim());
    if (!KNOWN_EVENTS.has(upper)) {
      throw new AppError('VALIDATION', { fieldErrors: { [field]: ['evolution.eventInvalid'] } });
    }
    if (!out.includes(upper as WebhookEventName)) out.push(upper as WebhookEventName);
  }
  return out;
}

function toView(row: repo.WebhookDefaultsRow | undefined): WebhookDefaultsView {
  return { url: row?.url ?? null, secretSet: Boolean(row?.secret), events: row?.events ?? [] };
}

export async function getWebhookDefaults(ctx: AppContext, ownerId: number) {
  return toView(await repo.findWebhookDefaults(ctx.database.db, ownerId));
}

/** The Webhooks tab. An absent or empty secret keeps the stored one; null clears it. */
export async function saveWebhookDefaults(ctx: AppContext, ownerId: number, input: unknown) {
  const db = ctx.database.db;
  const data = parseInput(webhookDefaultsSchema, input);
  const events = registryEvents(data.events, 'events');
  const before = await repo.findWebhookDefaults(db, ownerId);
  const secret =
    data.secret === null
      ? null
      : data.secret
        ? sealSecret(ctx, data.secret)
        : (before?.secret ?? null);
  return toView(
    await repo.upsertWebhookDefaults(db, ownerId, { url: data.url ?? null, secret, events }),
  );
}
