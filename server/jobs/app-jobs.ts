import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { followUpsOnTurnFinished, registerFollowUpJobs, stopAnswer } from '../modules/follow-ups';
import { registerKnowledgeJobs } from '../modules/knowledge';
import { setAppointmentListener } from '../modules/appointments';
import { registerNotificationJobs } from '../modules/notifications';
import {
  registerReminderJobs,
  reminderAnswer,
  remindersOnAppointmentChange,
} from '../modules/reminders';
import { registerSubscriptionJobs } from '../modules/subscriptions';
import {
  registerGatewayCleanupJobs,
  registerWhatsappJobs,
  sendOwnerWhatsapp,
  setFixedAnswer,
  setTurnListener,
} from '../modules/whatsapp';
import { startJobRunner, type JobRunner } from './runner';

/** Starts the job runner with every job kind of the app; new kinds are registered here only. */
export async function startAppJobs(
  ctx: AppContext,
  role: AppContext['config']['ROLE'],
  logger: FastifyBaseLogger,
): Promise<JobRunner> {
  // Reminders (ADR 0029): the appointments module tells them of its changes, and the WhatsApp
  // pipeline lets them answer a reply to a reminder; neither imports the reminders module.
  setAppointmentListener(ctx, remindersOnAppointmentChange);
  // Follow-ups (ADR 0031): the pipeline tells them when a turn is over, and a 'parar' is theirs.
  setFixedAnswer(
    ctx,
    async (c, turn) => (await reminderAnswer(c, turn)) ?? (await stopAnswer(c, turn)),
  );
  setTurnListener(ctx, (c, conversationId) =>
    followUpsOnTurnFinished(c, conversationId).catch((err: unknown) => {
      logger.warn({ err, conversationId }, 'follow-up scheduling failed');
    }),
  );
  const runner = await startJobRunner({
    database: ctx.database,
    role,
    logger,
    // Set before the workers start: the WhatsApp start-up sweep queues jobs through ctx.jobs.
    onStarted: (started) => {
      ctx.jobs = started;
    },
    registerWorkers: async (boss) => {
      const stopKnowledge = await registerKnowledgeJobs(boss, ctx, logger);
      await registerGatewayCleanupJobs(boss, ctx, logger);
      const stopWhatsapp = await registerWhatsappJobs(boss, ctx, logger);
      await registerSubscriptionJobs(boss, ctx, logger);
      // The notifications module sends to the owner's WhatsApp through the WhatsApp module's
      // sender, handed in here so neither module imports the other's way.
      await registerNotificationJobs(boss, ctx, logger, sendOwnerWhatsapp);
      await registerReminderJobs(boss, ctx, logger);
      await registerFollowUpJobs(boss, ctx, logger);
      return { beforeStop: stopWhatsapp, afterStop: stopKnowledge };
    },
  });
  return runner;
}
