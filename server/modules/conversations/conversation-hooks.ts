import type { AppContext } from '../../app-context';
import type { ConversationRow } from './conversations.repo';

/**
 * A turn as the modules that may answer it without the model read it: the agent, the
 * conversation, the customer's words of the turn and the newest customer message.
 */
export interface FixedAnswerTurn {
  agent: { id: number; ownerId: number; language: string };
  conversation: ConversationRow;
  /** the turn's messages as the model would read them */
  texts: string[];
  /** the newest customer message of the turn */
  messageId: number | null;
}

/**
 * What other modules do at the core's moments, on every channel. Set once, in the composition
 * root (`server/composition.ts`), as `ctx.hooks.conversations`: the core imports none of them.
 */
export interface ConversationHooks {
  /**
   * An answer a turn gets without the model (the reminders' "1"/"2", ADR 0029; the follow-ups'
   * 'parar', ADR 0031), or null to let the model answer.
   */
  fixedAnswer(ctx: AppContext, turn: FixedAnswerTurn): Promise<string | null>;
  /**
   * The agent's reply has gone out whole and no customer message waits (the turn is over): the
   * follow-ups look at what the conversation left open. Best effort: the reply is out already,
   * so the caller logs a failure and goes on.
   */
  turnFinished(ctx: AppContext, conversationId: number): Promise<void>;
}
