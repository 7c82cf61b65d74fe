/**
 * The owner's test console: chat with an agent (streamed or not), voice and image tests, the
 * conversation the console keeps per owner and agent.
 */
export { agentTestRoutes } from './agent-test.routes';
export { replyAndRecord, streamAndRecord, type NoticeOf } from './agent-test.service';
export { multimediaRoutes } from './multimedia.routes';
