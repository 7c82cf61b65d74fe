import type { AppContext } from '../../app-context';

/**
 * What other modules do when an owner's agent changes. They depend on the agents module (every
 * one of their calls checks that the agent is the owner's); the agents module depends on none of
 * them: they are set once, in the composition root (`server/composition.ts`), as
 * `ctx.hooks.agents`.
 */
export interface AgentHooks {
  /** the agent's free-text knowledge base was set, changed or cleared (null) */
  knowledgeBaseChanged(
    ctx: AppContext,
    ownerId: number,
    agentId: number,
    text: string | null,
  ): Promise<void>;
  /**
   * runs before the agent and what hangs off it are deleted (its WhatsApp number, say); the
   * function it returns runs once the agent is gone
   */
  deleting(ctx: AppContext, ownerId: number, agentId: number): Promise<() => Promise<void>>;
}
