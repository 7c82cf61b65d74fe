import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { getAgent } from '../agents';
import { recordUnanswered } from '../analytics';
import { bookingAccess } from '../appointments';
import {
  appendMessages,
  deleteConversation,
  getOrCreateConversation,
  recentTurns,
} from '../conversations';
import { retrievePassages } from '../knowledge';
import { hoursNow, noticeOnce } from '../out-of-hours';
import { resolveProvider } from '../providers';
import {
  MEMORY_LIMITS,
  runTurn,
  storedCitations,
  streamTurn,
  type RuntimeDeps,
  type TurnInput,
  type TurnResult,
  type TurnStream,
} from '../runtime';

/**
 * The owner's test console: the same runtime as the customer channels, with the test chat kept as
 * a conversation of channel `test` so follow-up questions have memory.
 */
const TEST_CHANNEL = 'test';
const contactFor = (ownerId: number) => `owner:${ownerId}`;

interface TestTurn {
  ownerId: number;
  agentId: number;
  message: string;
  image?: TurnInput['image'];
  signal?: AbortSignal;
}

async function prepareTurn(ctx: AppContext, turn: TestTurn) {
  const db = ctx.database.db;
  const agent = await getAgent(db, turn.ownerId, turn.agentId);
  const provider = await resolveProvider(ctx, turn.ownerId);
  if (turn.image && !provider) throw new AppError('IMAGE_NEEDS_PROVIDER');
  const conversation = await getOrCreateConversation(
    db,
    agent.id,
    TEST_CHANNEL,
    contactFor(turn.ownerId),
  );
  const memory = await recentTurns(db, conversation.id, MEMORY_LIMITS.maxTurns);
  const input: TurnInput = {
    agent,
    ownerId: turn.ownerId,
    channel: TEST_CHANNEL,
    memory,
    message: turn.message,
    image: turn.image,
    provider,
    ...(turn.signal ? { abortSignal: turn.signal } : {}),
    // The owner books as a customer would (the model asks for the phone): real appointments.
    booking: await bookingAccess(ctx, agent, { phone: null, conversationId: conversation.id }),
  };
  return { conversation, input };
}

async function record(
  ctx: AppContext,
  conversationId: number,
  message: string,
  result: TurnResult,
) {
  await appendMessages(ctx.database.db, conversationId, [
    { role: 'user', content: message },
    {
      role: 'assistant',
      content: result.text,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      latencyMs: result.latencyMs,
      citations: result.citations.length > 0 ? storedCitations(result.citations) : null,
    },
  ]);
}

export function runtimeDeps(ctx: AppContext): RuntimeDeps {
  return {
    db: ctx.database.db,
    config: ctx.config,
    retrieve: async (agentId, ownerId, query) =>
      (await retrievePassages(ctx, ownerId, agentId, query, 4)).passages,
    offlineWordDelayMs: 15,
  };
}

/**
 * The out-of-hours notice a reply ends with (ADR 0028), asked for once the model has answered:
 * a turn that failed spends no notice.
 */
export type NoticeOf = () => Promise<string | null>;

const withNotice = (result: TurnResult, notice: string | null): TurnResult =>
  notice ? { ...result, text: `${result.text}\n\n${notice}` } : result;

/**
 * One turn of a chat channel (test console, website widget): run it, store both messages. A
 * notice (out of hours) is the reply's last paragraph, stored with it.
 */
export async function replyAndRecord(
  ctx: AppContext,
  conversationId: number,
  message: string,
  input: TurnInput,
  noticeOf?: NoticeOf,
): Promise<TurnResult> {
  const answered = await runTurn(runtimeDeps(ctx), input);
  const result = withNotice(answered, noticeOf ? await noticeOf() : null);
  await record(ctx, conversationId, message, result);
  return result;
}

/**
 * The streaming twin of replyAndRecord: the messages are stored once the stream has ended; a
 * notice is the last delta.
 */
export async function streamAndRecord(
  ctx: AppContext,
  conversationId: number,
  message: string,
  input: TurnInput,
  noticeOf?: NoticeOf,
): Promise<TurnStream> {
  const stream = await streamTurn(runtimeDeps(ctx), input);
  const noticed = stream.result.then(async (r) => ({
    answered: r,
    notice: noticeOf ? await noticeOf() : null,
  }));
  const result = noticed.then(async ({ answered, notice }) => {
    const whole = withNotice(answered, notice);
    await record(ctx, conversationId, message, whole);
    return whole;
  });
  result.catch(() => {});
  const deltas = noticeOf
    ? (async function* () {
        yield* stream.deltas;
        const { notice } = await noticed;
        if (notice) yield `\n\n${notice}`;
      })()
    : stream.deltas;
  return { deltas, result };
}

/**
 * The console answers at any hour — the owner tests their agent when they can, and a console
 * that went quiet at night would test nothing — but shows what a customer gets out of hours: the
 * period's notice, once, as the customer would get it (clearing the chat shows it again). In
 * 'message' mode a customer would get the notice alone; the console adds it to the answer.
 */
const consoleNotice =
  (ctx: AppContext, input: TurnInput, conversationId: number): NoticeOf =>
  async () =>
    noticeOnce(
      ctx,
      conversationId,
      await hoursNow(ctx, {
        id: input.agent.id,
        ownerId: input.ownerId,
        language: input.agent.language,
      }),
    );

/**
 * A question the agent could not answer in the console goes to 'Perguntas sem resposta' too
 * (ADR 0037): what the owner finds missing while testing is taught from there as a
 * customer's is. It has no conversation: the test chat is the owner's and is cleared at will.
 */
async function recordIfUnanswered(ctx: AppContext, input: TurnInput, result: TurnResult) {
  if (!result.unanswered) return;
  await recordUnanswered(ctx, {
    ownerId: input.ownerId,
    agent: input.agent,
    conversationId: null,
    question: input.message,
    reason: result.unanswered,
  });
}

export async function testReply(ctx: AppContext, turn: TestTurn): Promise<TurnResult> {
  const { conversation, input } = await prepareTurn(ctx, turn);
  const noticeOf = consoleNotice(ctx, input, conversation.id);
  const result = await replyAndRecord(ctx, conversation.id, turn.message, input, noticeOf);
  await recordIfUnanswered(ctx, input, result);
  return result;
}

export async function testReplyStream(ctx: AppContext, turn: TestTurn): Promise<TurnStream> {
  const { conversation, input } = await prepareTurn(ctx, turn);
  const noticeOf = consoleNotice(ctx, input, conversation.id);
  const stream = await streamAndRecord(ctx, conversation.id, turn.message, input, noticeOf);
  const result = stream.result.then(async (r) => {
    await recordIfUnanswered(ctx, input, r);
    return r;
  });
  result.catch(() => {});
  return { deltas: stream.deltas, result };
}

export async function clearTestConversation(ctx: AppContext, ownerId: number, agentId: number) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  await deleteConversation(ctx.database.db, agent.id, TEST_CHANNEL, contactFor(ownerId));
}
