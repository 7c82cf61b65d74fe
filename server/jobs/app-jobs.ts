import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { registerFollowUpJobs } from '../modules/follow-ups';
import { registerKnowledgeJobs } from '../modules/knowledge';
import { registerNotificationJobs } from '../modules/notifications';
import { registerReminderJobs } from '../modules/reminders';
import { registerSubscriptionJobs } from '../modules/subscriptions';
import { registerGatewayCleanupJobs, registerWhatsappJobs } from '../modules/whatsapp';
import { startJobRunner, type JobRunner } from './runner';

/**
 * Starts the job runner with every job kind of the app; new kinds are registered here only. What
 * a job does when it reaches another module goes through the context's hooks
 * (server/composition.ts), never through this file.
 */
export async function startAppJobs(
  ctx: AppContext,
  role: AppContext['config']['ROLE'],
  logger: FastifyBaseLogger,
): Promise<JobRunner> {
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
      await registerNotificationJobs(boss, ctx, logger);
      await registerReminderJobs(boss, ctx, logger);
      await registerFollowUpJobs(boss, ctx, logger);
      return { beforeStop: stopWhatsapp, afterStop: stopKnowledge };
    },
  });
  return runner;
}
