/**
 * The owner's test console: chat with an agent (streamed or not) on the conversation core's turn
 * runner, voice and image tests, the conversation the console keeps per owner and agent.
 */
export { agentTestRoutes } from './agent-test.routes';
export { multimediaRoutes } from './multimedia.routes';
