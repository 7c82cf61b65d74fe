import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UnansweredGroup } from '@common/schemas/analytics';
import { conversations } from '../db/schema';
import { subscribeViaSandbox } from './billing-helpers';
import { parseSse } from './fake-openai';
import type { TestApp } from './harness';
import { signedInClient } from './http-client';
import { agentKeyOf, newVisitor, publicVisitor } from './webchat-helpers';

/** The reports' unanswered questions: an owner, their customers' questions, the list. */

export const BAKERY_KNOWLEDGE =
  'Fazemos entregas no bairro Jardim América com taxa de R$ 5,00. ' +
  'Abrimos de segunda a sábado, das 7h às 19h.';

/** A subscribed owner (the app runs with jobs) with an active agent on the widget. */
export async function ownerWithAgent(t: TestApp, plan = 'standard') {
  const owner = await signedInClient(t.baseUrl);
  await subscribeViaSandbox(owner.client, owner.user, plan);
  const res = await owner.client.post('/api/agents', {
    name: 'Padaria Pão Quente',
    systemPrompt: 'Você atende os clientes da Padaria Pão Quente.',
    knowledgeBase: plan === 'basico' ? null : BAKERY_KNOWLEDGE,
    status: 'active',
  });
  expect(res.status).toBe(201);
  const agentId = res.body.id as number;
  return { ...owner, agentId, key: await agentKeyOf(owner.client, agentId) };
}

export type UnansweredOwner = Awaited<ReturnType<typeof ownerWithAgent>>;

/** A visitor's question through the widget's API (`stream`: as the widget sends it, streamed). */
export async function widgetAsks(
  t: TestApp,
  owner: UnansweredOwner,
  message: string,
  options: { stream?: boolean } = {},
) {
  const visitorId = newVisitor();
  const visitor = publicVisitor(t.baseUrl);
  const res = options.stream
    ? await visitor.chatText(owner.key, { visitorId, message }, 'chat/stream')
    : await visitor.chatText(owner.key, { visitorId, message });
  expect(res.status).toBe(200);
  const [conversation] = await t.ctx.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.agentId, owner.agentId), eq(conversations.contactId, visitorId)));
  const reply = options.stream
    ? (parseSse(res.text).at(-1)!.data as { response: string }).response
    : (res.body.response as string);
  return { reply, conversationId: conversation!.id };
}

export async function groupsOf(owner: UnansweredOwner, query = ''): Promise<UnansweredGroup[]> {
  const res = await owner.client.get(`/api/analytics/unanswered${query}`);
  expect(res.status).toBe(200);
  return res.body as UnansweredGroup[];
}
