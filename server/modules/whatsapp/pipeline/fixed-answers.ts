import type { AppContext } from '../../../app-context';
import type { ConversationRow } from './store/store-meta';

/**
 * Answers a turn may get without the model: another module (the reminders' "1"/"2", ADR 0029)
 * reads the customer's words and returns the reply, or null to let the model answer. Set for each
 * app context where the modules are wired (server/jobs/app-jobs.ts), so the pipeline imports none
 * of them, and two apps in one process (the tests) keep their own.
 */
export type FixedAnswer = (
  ctx: AppContext,
  turn: {
    agent: { id: number; ownerId: number; language: string };
    conversation: ConversationRow;
    /** the turn's messages as the model would read them */
    texts: string[];
    /** the newest customer message of the turn */
    messageId: number | null;
  },
) => Promise<string | null>;

const answers = new WeakMap<AppContext, FixedAnswer>();

export function setFixedAnswer(ctx: AppContext, answer: FixedAnswer) {
  answers.set(ctx, answer);
}

export function findFixedAnswer(ctx: AppContext, turn: Parameters<FixedAnswer>[1]) {
  return answers.get(ctx)?.(ctx, turn) ?? Promise.resolve(null);
}
