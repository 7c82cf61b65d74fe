/**
 * What other modules do when an owner's agent changes. They depend on the agents module (every
 * one of their calls checks that the agent is the owner's); the agents module depends on none of
 * them, so app.ts wires these in.
 */
export interface AgentHooks {
  /** the agent's free-text knowledge base was set, changed or cleared (null) */
  knowledgeBaseChanged(ownerId: number, agentId: number, text: string | null): Promise<void>;
  /**
   * runs before the agent and what hangs off it are deleted (its WhatsApp number, say); the
   * function it returns runs once the agent is gone
   */
  deleting(ownerId: number, agentId: number): Promise<() => Promise<void>>;
}
