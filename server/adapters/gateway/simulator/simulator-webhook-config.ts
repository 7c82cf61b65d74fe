import { randomUUID } from 'node:crypto';
import { ALL_WEBHOOK_EVENTS } from '../evolution-events';
import { MISSING_EVENTS_MESSAGE, schemaError, SimError } from './simulator-errors';
import type { StoredWebhook } from './simulator-webhooks';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a `webhook` object as the real gateway does: missing `events` crashes (500 on
 * /webhook/set, 400 on create — `missingEventsStatus`), names other than UPPER_SNAKE are a 400,
 * `[]` with enabled means all events, and left-out headers become null because every set
 * overwrites every field.
 */
export function parseWebhook(
  webhook: unknown,
  mode: { forceEnabled: boolean; missingEventsStatus: 400 | 500 },
): StoredWebhook {
  if (!isObj(webhook)) throw schemaError('instance requires property "webhook"');
  if (!mode.forceEnabled && typeof webhook.enabled !== 'boolean') {
    throw schemaError('webhook requires property "enabled"');
  }
  if (typeof webhook.url !== 'string') throw schemaError('webhook requires property "url"');
  const events = webhook.events;
  if (!Array.isArray(events)) {
    const detail =
      mode.missingEventsStatus === 500 ? MISSING_EVENTS_MESSAGE : [MISSING_EVENTS_MESSAGE];
    throw new SimError(mode.missingEventsStatus, detail);
  }
  const allowed: readonly string[] = ALL_WEBHOOK_EVENTS;
  const bad = events.findIndex((e) => typeof e !== 'string' || !allowed.includes(e));
  if (bad >= 0) {
    throw schemaError(
      `webhook.events[${bad}] is not one of enum values: ${ALL_WEBHOOK_EVENTS.join(',')}`,
    );
  }
  const enabled = mode.forceEnabled ? true : (webhook.enabled as boolean);
  const headers = isObj(webhook.headers)
    ? Object.fromEntries(Object.entries(webhook.headers).map(([k, v]) => [k, String(v)]))
    : null;
  return {
    url: webhook.url,
    headers,
    enabled,
    events: !enabled ? [] : events.length === 0 ? [...ALL_WEBHOOK_EVENTS] : (events as string[]),
    webhookByEvents: webhook.byEvents === true,
    webhookBase64: webhook.base64 === true,
  };
}

/** The stored row as /webhook/set and /webhook/find return it. */
export function webhookRow(instanceId: string, webhook: StoredWebhook, previous: Obj | null): Obj {
  const now = new Date().toISOString();
  return {
    id:
      typeof previous?.id === 'string'
        ? previous.id
        : `cm${randomUUID().replace(/-/g, '').slice(0, 23)}`,
    ...webhook,
    createdAt: typeof previous?.createdAt === 'string' ? previous.createdAt : now,
    updatedAt: now,
    instanceId,
  };
}
