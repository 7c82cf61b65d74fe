import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../../app-context';
import { translate } from '../../lib/i18n';
import { findNotification, findSettings } from './notifications.repo';

/**
 * The owner's own WhatsApp: a notification the owner asked to get there is sent by a job, so a
 * slow or failing gateway never holds the pipeline, the widget or the request that caused it.
 */
export const OWNER_WHATSAPP_QUEUE = 'notification-owner-whatsapp';
export const NOTIFICATION_QUEUES = [OWNER_WHATSAPP_QUEUE];

export interface OwnerWhatsappJob {
  notificationId: number;
}

/**
 * Sends a text to the owner's own number through one of the owner's connected WhatsApp numbers
 * (the agent's when connected, else any): 'sent', or 'no-instance' when none is connected. The
 * WhatsApp module provides it (`ctx.hooks.notifications`, set in server/composition.ts: this
 * module imports none).
 */
export type OwnerWhatsappSender = (
  ctx: AppContext,
  message: { ownerId: number; agentId: number | null; number: string; text: string },
) => Promise<'sent' | 'no-instance'>;

export interface NotificationHooks {
  sendOwnerWhatsapp: OwnerWhatsappSender;
}

export async function enqueueOwnerWhatsapp(ctx: AppContext, job: OwnerWhatsappJob) {
  if (!ctx.jobs) return; // a process without a job runner (tests without jobs) sends nothing
  await ctx.jobs.boss.send(OWNER_WHATSAPP_QUEUE, job, {
    retryLimit: 4,
    retryDelay: 20,
    retryBackoff: true,
    // A send the gateway holds this long is given up on (and retried, like a failure).
    expireInSeconds: 120,
  });
}

/** The text the owner gets on WhatsApp (pt-BR, the product's language): what and where. */
export function ownerWhatsappText(
  ctx: Pick<AppContext, 'config'>,
  kind: string,
  subject: string | null,
): string {
  const what = translate(`notifications.whatsapp.${kind}`, 'pt-BR', {
    subject: subject ?? translate('notifications.whatsapp.visitor', 'pt-BR'),
  });
  const link = translate('notifications.whatsapp.open', 'pt-BR', {
    url: `${ctx.config.PUBLIC_URL}/dashboard`,
  });
  return `${what}\n${link}`;
}

export async function runOwnerWhatsapp(
  ctx: AppContext,
  job: OwnerWhatsappJob,
  send: OwnerWhatsappSender,
  logger: FastifyBaseLogger,
): Promise<'sent' | 'no-instance' | 'off'> {
  const db = ctx.database.db;
  const row = await findNotification(db, job.notificationId);
  if (!row) return 'off';
  const settings = await findSettings(db, row.ownerId);
  // Turned off (or the number removed) since it was queued.
  if (!settings.whatsappEnabled || !settings.whatsappPhone) return 'off';
  const subject = typeof row.payload.subject === 'string' ? row.payload.subject : null;
  const agentId = typeof row.payload.agentId === 'number' ? row.payload.agentId : null;
  const outcome = await send(ctx, {
    ownerId: row.ownerId,
    agentId,
    number: settings.whatsappPhone,
    text: ownerWhatsappText(ctx, row.kind, subject),
  });
  if (outcome === 'no-instance') {
    logger.info(
      { notificationId: row.id, ownerId: row.ownerId },
      'owner WhatsApp notification skipped: no connected number',
    );
  }
  return outcome;
}

export async function registerNotificationJobs(
  boss: PgBoss,
  ctx: AppContext,
  logger: FastifyBaseLogger,
) {
  const send = ctx.hooks.notifications.sendOwnerWhatsapp;
  await boss.work<OwnerWhatsappJob>(
    OWNER_WHATSAPP_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runOwnerWhatsapp(ctx, job.data, send, logger);
    },
  );
}
