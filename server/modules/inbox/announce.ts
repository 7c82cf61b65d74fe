import type { AppContext } from '../../app-context';
import { publishConversationEvents } from '../events';

/**
 * The owner's open screens (this tab, another one, a phone) are told the conversation's state
 * changed. Best effort: the change is stored whatever happens here, and those screens show it on
 * their next read.
 */
export async function announceState(ctx: AppContext, conversationId: number): Promise<void> {
  await publishConversationEvents(ctx, 'conversation', [conversationId]).catch(() => undefined);
}
