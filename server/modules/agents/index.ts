/**
 * Agents: the owner's assistants (prompt, model, tools, knowledge text, status) and their CRUD.
 * Other modules depend on it for ownership (getAgent); it depends on none of them (AgentHooks, set
 * in server/composition.ts).
 */
export type { AgentHooks } from './agent-hooks';
export { rotatePublicKey, type AgentRow } from './agents.repo';
export { agentRoutes } from './agents.routes';
export { getAgent } from './agents.service';
