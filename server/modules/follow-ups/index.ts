/**
 * Follow-ups on WhatsApp (ADR 0031): the agent's settings (GET/PUT
 * /api/agents/{id}/follow-ups), the follow-up scheduled when a turn leaves something open (the
 * WhatsApp pipeline's turn listener, wired in server/jobs/app-jobs.ts), each sent once by its job,
 * and the customer's 'parar' (the pipeline's fixed answer, wired there too).
 */
import type { AppContext } from '../../app-context';
import { queueFollowUp } from './follow-ups-jobs';
import { onTurnFinished } from './follow-ups.service';

export { followUpRoutes } from './follow-ups.routes';
export {
  FOLLOW_UP_QUEUE,
  FOLLOW_UP_QUEUE_OPTIONS,
  FOLLOW_UP_QUEUES,
  registerFollowUpJobs,
  sweepFollowUps,
} from './follow-ups-jobs';
export { isStopWord, stopAnswer } from './follow-ups.service';
export { followUpDueAt, followUpSendTime, openReason } from './follow-up-plan';

/** The WhatsApp pipeline's turn listener: schedules the conversation's follow-up when one is due. */
export function followUpsOnTurnFinished(ctx: AppContext, conversationId: number) {
  return onTurnFinished(ctx, conversationId, queueFollowUp);
}
