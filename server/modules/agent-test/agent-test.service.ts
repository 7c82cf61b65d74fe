import type { AppContext } from '../../app-context';
import { getAgent } from '../agents';
import { chatReply, chatReplyStream, deleteConversation } from '../conversations';
import type { TurnInput, TurnResult, TurnStream } from '../runtime';

/**
 * The owner's test console, on the conversation core's turn runner (`chatReply`, not a
 * customer's channel): the same runtime as the customer channels, with the test chat kept as a
 * conversation of channel `test` so follow-up questions have memory. It answers at any hour and
 * shows the period's out-of-hours notice once, as a customer would get it (clearing the chat
 * shows it again); a question it could not answer goes to 'Perguntas sem resposta' (ADR 0037)
 * with no conversation: the test chat is the owner's and is cleared at will.
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

async function coreTurn(ctx: AppContext, turn: TestTurn) {
  const agent = await getAgent(ctx.database.db, turn.ownerId, turn.agentId);
  return {
    agent,
    channel: TEST_CHANNEL,
    contactId: contactFor(turn.ownerId),
    message: turn.message,
    image: turn.image,
    ...(turn.signal ? { signal: turn.signal } : {}),
    customer: false,
  } as const;
}

export async function testReply(ctx: AppContext, turn: TestTurn): Promise<TurnResult> {
  // Never held: the console is not a customer's channel (chatReply answers every turn of it).
  return chatReply(ctx, await coreTurn(ctx, turn));
}

export async function testReplyStream(ctx: AppContext, turn: TestTurn): Promise<TurnStream> {
  return chatReplyStream(ctx, await coreTurn(ctx, turn));
}

export async function clearTestConversation(ctx: AppContext, ownerId: number, agentId: number) {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  await deleteConversation(ctx.database.db, agent.id, TEST_CHANNEL, contactFor(ownerId));
}
