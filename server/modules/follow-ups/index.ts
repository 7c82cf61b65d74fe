/**
 * Follow-ups on WhatsApp (ADR 0031): the agent's settings (GET/PUT
 * /api/agents/{id}/follow-ups), the follow-up scheduled when a turn leaves something open (the
 * conversation core's `turnFinished` hook, set in server/composition.ts), each sent once by its
 * job, and the customer's 'parar' (the core's `fixedAnswer` hook, set there too).
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
