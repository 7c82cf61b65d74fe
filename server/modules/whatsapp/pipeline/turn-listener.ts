import type { AppContext } from '../../../app-context';

/**
 * Told when the agent's reply has gone out whole and no customer message waits (the turn is
 * over): another module (the follow-ups, ADR 0031) looks at what the conversation left open. Set
 * for each app context where the modules are wired (server/jobs/app-jobs.ts), as FixedAnswer is.
 * Best effort: the reply is out already, so the listener logs its own failure and throws nothing.
 */
export type TurnListener = (ctx: AppContext, conversationId: number) => Promise<void>;

const listeners = new WeakMap<AppContext, TurnListener>();

export function setTurnListener(ctx: AppContext, listener: TurnListener) {
  listeners.set(ctx, listener);
}

export async function turnFinished(ctx: AppContext, conversationId: number): Promise<void> {
  await listeners.get(ctx)?.(ctx, conversationId);
}
