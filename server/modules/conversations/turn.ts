import type { AppContext } from '../../app-context';
import type { AgentRow } from '../agents';
import { recordUnanswered } from '../analytics';
import { bookingAccess } from '../appointments';
import { contactNotes } from '../contacts';
import { retrievePassages } from '../knowledge';
import type { resolveProvider } from '../providers';
import {
  runTurn,
  streamTurn,
  type ChatTurn,
  type RuntimeDeps,
  type TurnInput,
  type TurnResult,
  type TurnStream,
} from '../runtime';
import type { RuntimeFeatures } from '../subscriptions';
import type { ConversationRow } from './conversations.repo';
import { agentHandOver, type ChannelLog } from './takeover';

/**
 * The one turn runner of every channel: the input of a turn assembled once (the agent, the
 * conversation's memory, the customer's words, the booking tools for this customer, the contact
 * card), the runtime's call, and the after-turn effects — a question the agent could not answer
 * goes to the owner's reports, and a turn that hands over makes the conversation wait for a person
 * and tells the owner. How the reply is recorded and delivered is the channel's: WhatsApp stores
 * it as a plan of parts it sends once each (its send-once outbox), the chat channels store both
 * messages at once (`chat-turn.ts`).
 */

/** The owner's model provider for a turn; null when none can serve (the offline model answers). */
export type TurnProvider = Awaited<ReturnType<typeof resolveProvider>>;

export interface TurnRequest {
  agent: AgentRow;
  conversation: ConversationRow;
  channel: TurnInput['channel'];
  /** the conversation's memory window, oldest first */
  memory: ChatTurn[];
  /** the customer's words as the model reads them */
  message: string;
  image?: TurnInput['image'];
  provider: TurnProvider;
  /** the owner's plan features, when the channel has read them already */
  features?: RuntimeFeatures;
  /** false when the channel knows the agent has nothing indexed */
  hasKnowledge?: boolean;
  signal?: AbortSignal;
  /** the customer's number, for the booking tools; null: the model asks for it */
  phone: string | null;
  /**
   * After the turn. `customer`: the turn answered a customer — a handoff is applied (logged on
   * the channel's `log`), an unanswered question is the conversation's; otherwise (the owner's
   * test console) a handoff is only shown and an unanswered question has no conversation.
   */
  after: {
    customer: boolean;
    log: ChannelLog | null;
    contactName: string | null;
    /** the newest customer message of the turn, when it is stored already */
    messageId?: number | null;
  };
}

/**
 * How the runtime is run for a channel: the offline model's streamed pace (`wordDelayMs`), and
 * whether the usage record is written by the runtime or stored by the channel with its reply.
 */
export interface TurnPace {
  wordDelayMs: number;
  recordUsage: boolean;
}

/** The chat channels': the offline model streams word by word, the runtime records the usage. */
export const CHAT_PACE: TurnPace = { wordDelayMs: 15, recordUsage: true };

function runtimeDeps(ctx: AppContext, pace: TurnPace): RuntimeDeps {
  return {
    db: ctx.database.db,
    config: ctx.config,
    retrieve: async (agentId, ownerId, query) =>
      (await retrievePassages(ctx, ownerId, agentId, query, 4)).passages,
    offlineWordDelayMs: pace.wordDelayMs,
    recordUsage: pace.recordUsage,
  };
}

/** The input of one turn, the same on every channel. */
export async function turnInput(ctx: AppContext, request: TurnRequest): Promise<TurnInput> {
  const { agent, conversation } = request;
  return {
    agent,
    ownerId: agent.ownerId,
    channel: request.channel,
    memory: request.memory,
    message: request.message,
    image: request.image,
    provider: request.provider,
    ...(request.features ? { features: request.features } : {}),
    ...(request.hasKnowledge !== undefined ? { hasKnowledge: request.hasKnowledge } : {}),
    ...(request.signal ? { abortSignal: request.signal } : {}),
    // The customer's number when the channel knows it (WhatsApp's contact); else the model asks
    // for it to book. The test console's owner books as a customer would: real appointments.
    booking: await bookingAccess(ctx, agent, {
      phone: request.phone,
      conversationId: conversation.id,
    }),
    contact:
      conversation.linkedContactId === null
        ? null
        : contactNotes(ctx.database.db, agent.ownerId, conversation.linkedContactId),
  };
}

/**
 * What follows a turn on every channel: the reports' unanswered question (once per turn), and,
 * on a customer's channel, the handoff the turn asked for — quiet from now on, the owner told.
 * The turn's own reply (the handoff message) is still the channel's to deliver.
 */
export async function afterTurn(ctx: AppContext, request: TurnRequest, result: TurnResult) {
  const { agent, conversation, after } = request;
  if (result.unanswered) {
    await recordUnanswered(ctx, {
      ownerId: agent.ownerId,
      agent,
      conversationId: after.customer ? conversation.id : null,
      ...(after.messageId !== undefined ? { messageId: after.messageId } : {}),
      question: request.message,
      reason: result.unanswered,
    });
  }
  if (result.handoff && after.customer) {
    await agentHandOver(ctx, {
      conversationId: conversation.id,
      contact: conversation.contactId,
      contactName: after.contactName,
      log: after.log,
      ownerId: agent.ownerId,
      agentId: agent.id,
    });
  }
}

/**
 * Records a turn's reply the channel's way, before the after-turn effects: the chat channels
 * store both messages (with the out-of-hours notice), WhatsApp nothing yet (its plan is stored
 * once its parts are known). Resolves to the reply as recorded.
 */
export type TurnFinish = (result: TurnResult) => Promise<TurnResult>;

/** One turn: its input, the runtime's answer, the channel's record, the after-turn effects. */
export async function answerTurn(
  ctx: AppContext,
  request: TurnRequest,
  pace: TurnPace,
  finish: TurnFinish,
): Promise<{ input: TurnInput; result: TurnResult }> {
  const input = await turnInput(ctx, request);
  const result = await finish(await runTurn(runtimeDeps(ctx, pace), input));
  await afterTurn(ctx, request, result);
  return { input, result };
}

/** The streaming form of answerTurn: the deltas as the model writes them. */
export async function streamAnswer(
  ctx: AppContext,
  request: TurnRequest,
  pace: TurnPace,
  finish: TurnFinish,
): Promise<TurnStream> {
  const input = await turnInput(ctx, request);
  const stream = await streamTurn(runtimeDeps(ctx, pace), input);
  const result = stream.result.then(async (answered) => {
    const finished = await finish(answered);
    await afterTurn(ctx, request, finished);
    return finished;
  });
  result.catch(() => {});
  return { deltas: stream.deltas, result };
}
