import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxConversationDetail, InboxListPage } from '@common/schemas/inbox';
import { queryRows } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/harness';
import { HttpClient, signedInClient } from '../../test/http-client';

/**
 * The inbox over real HTTP: GET /api/conversations (order, filters, search, pages), GET
 * /api/conversations/{id} (messages in pages), PATCH (read, notes, tags), handoff and resume, and
 * another owner's refusal. Conversations are seeded in the database with chosen times (the
 * channels' own insert paths are in inbox-channels.int.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: 'enqueue' });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.ctx.database.db;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function ownerWithAgents(...names: string[]) {
  const { client, id } = await signedInClient(t.baseUrl);
  const agentIds: number[] = [];
  for (const name of names) {
    const res = await client.post('/api/agents', { name, systemPrompt: 'Você atende clientes.' });
    expect(res.status).toBe(201);
    agentIds.push(res.body.id as number);
  }
  return { client, userId: id, agentIds };
}

interface SeedMessage {
  role: 'user' | 'assistant' | 'human';
  content: string;
  at: Date;
  status?: string;
  citations?: { source: string; excerpt: string }[];
}

/** A conversation created when its first message came, its messages stored as the channels do. */
async function seed(
  agentId: number,
  channel: string,
  contactId: string,
  list: SeedMessage[],
  contactName: string | null = null,
): Promise<number> {
  const start = list[0]?.at ?? new Date();
  const [row] = await db()
    .insert(conversations)
    .values({ agentId, channel, contactId, contactName, createdAt: start, lastActivityAt: start })
    .returning({ id: conversations.id });
  if (list.length > 0) {
    await db()
      .insert(messages)
      .values(
        list.map((m) => ({
          conversationId: row!.id,
          role: m.role,
          content: m.content,
          status: m.status ?? 'done',
          citations: m.citations ?? null,
          createdAt: m.at,
        })),
      );
  }
  return row!.id;
}

const says = (content: string, minutes: number): SeedMessage => ({
  role: 'user',
  content,
  at: minutesAgo(minutes),
});

async function list(client: HttpClient, query = '') {
  const res = await client.get<InboxListPage>(`/api/conversations${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const ids = (page: InboxListPage) => page.items.map((item) => item.id);

describe('GET /api/conversations', () => {
  it('lists every customer conversation of every agent of the owner, newest activity first; no test chats, nobody else’s', async () => {
    const owner = await ownerWithAgents('Padaria', 'Confeitaria');
    const [bakery, sweets] = owner.agentIds as [number, number];
    const older = await seed(bakery, 'whatsapp', '5511911110001', [says('Bom dia', 50)], 'Ana');
    const replyAt = minutesAgo(19);
    const newest = await seed(sweets, 'webchat', 'visitante-a', [
      says('Tem bolo?', 20),
      { role: 'assistant', content: 'Temos bolo de cenoura.', at: replyAt },
    ]);
    const middle = await seed(sweets, 'whatsapp', '5511911110002', [says('Oi', 30)]);
    await seed(bakery, 'test', `owner:${owner.userId}`, [says('teste', 1)]);
    const other = await ownerWithAgents('Outra');
    await seed(other.agentIds[0]!, 'whatsapp', '5511911110003', [says('Olá', 5)]);

    const page = await list(owner.client);
    expect(ids(page)).toEqual([newest, middle, older]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toEqual({
      id: newest,
      channel: 'webchat',
      agent: { id: sweets, name: 'Confeitaria' },
      contact: { id: 'visitante-a', name: null, phone: null },
      lastMessage: {
        text: 'Temos bolo de cenoura.',
        author: 'agent',
        kind: 'text',
        at: replyAt.toISOString(),
      },
      unread: 1,
      needsPerson: false,
      failed: 0,
      bot: { state: 'active' },
      tags: [],
    });
    expect(page.items[2]!.contact).toEqual({
      id: '5511911110001',
      name: 'Ana',
      phone: '5511911110001',
    });

    // A new message moves its conversation to the top.
    await db()
      .insert(messages)
      .values({ conversationId: older, role: 'user', content: 'Ainda aí?' });
    expect(ids(await list(owner.client))).toEqual([older, newest, middle]);
  });

  it('pages through more than one page with an opaque cursor, in order, to the microsecond', async () => {
    const owner = await ownerWithAgents('Padaria', 'Confeitaria');
    const rows = await db()
      .insert(conversations)
      .values(
        Array.from({ length: 65 }, (_, i) => ({
          agentId: owner.agentIds[i % 2]!,
          channel: i % 3 === 0 ? 'webchat' : 'whatsapp',
          contactId: `55119222${String(i).padStart(5, '0')}`,
        })),
      )
      .returning({ id: conversations.id });
    // Ties on the same moment and moments one microsecond apart: the keyset must keep both apart.
    await db().execute(
      sql`UPDATE conversations SET last_activity_at =
            timestamptz '2026-01-05 12:00:00+00' + (id % 7) * interval '1 microsecond'
          WHERE id IN (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
    );
    const expected = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM conversations WHERE id IN (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )}) ORDER BY last_activity_at DESC, id DESC`,
    );

    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: InboxListPage = await list(
        owner.client,
        cursor ? `?cursor=${encodeURIComponent(cursor)}` : '',
      );
      sizes.push(page.items.length);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([30, 30, 5]);
    expect(seen).toEqual(expected.map((r) => r.id));

    // A filter holds across pages: the 43 WhatsApp conversations, 30 then 13.
    const first = await list(owner.client, '?channel=whatsapp');
    const second = await list(
      owner.client,
      `?channel=whatsapp&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect([first.items.length, second.items.length, second.nextCursor]).toEqual([30, 13, null]);
    expect([...first.items, ...second.items].every((i) => i.channel === 'whatsapp')).toBe(true);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(43);
  });

  it('filters by channel, agent and status', async () => {
    const owner = await ownerWithAgents('Padaria', 'Confeitaria');
    const [bakery, sweets] = owner.agentIds as [number, number];
    const whatsapp = await seed(bakery, 'whatsapp', '5511933330001', [says('Oi', 10)]);
    const web = await seed(sweets, 'webchat', 'visitante-b', [says('Olá', 9)]);
    const failed = await seed(bakery, 'whatsapp', '5511933330002', [
      { ...says('Preço?', 8), status: 'failed' },
    ]);
    const paused = await seed(sweets, 'whatsapp', '5511933330003', [says('Alô', 7)]);
    const handed = await seed(bakery, 'webchat', 'visitante-c', [says('Quero falar', 6)]);
    const read = await seed(sweets, 'webchat', 'visitante-d', [says('Obrigado', 5)]);

    expect((await owner.client.post(`/api/conversations/${handed}/handoff`)).status).toBe(200);
    const pause = await owner.client.post(`/api/agents/${sweets}/conversations/${paused}/pause`);
    expect(pause.status).toBe(200);
    expect((await owner.client.patch(`/api/conversations/${read}`, { read: true })).status).toBe(
      200,
    );

    expect(ids(await list(owner.client, '?channel=whatsapp'))).toEqual([paused, failed, whatsapp]);
    expect(ids(await list(owner.client, '?channel=webchat'))).toEqual([read, handed, web]);
    expect(ids(await list(owner.client, `?agentId=${sweets}`))).toEqual([read, paused, web]);
    expect(ids(await list(owner.client, `?agentId=${sweets}&channel=webchat`))).toEqual([
      read,
      web,
    ]);
    expect(ids(await list(owner.client, '?status=needs-person'))).toEqual([handed]);
    expect(ids(await list(owner.client, '?status=paused'))).toEqual([paused]);
    expect(ids(await list(owner.client, '?status=failed'))).toEqual([failed]);
    expect(ids(await list(owner.client, '?status=unread'))).toEqual([
      handed,
      paused,
      failed,
      web,
      whatsapp,
    ]);
    const failedItem = (await list(owner.client, '?status=failed')).items[0]!;
    expect(failedItem.failed).toBe(1);
    // Another owner's agent is no filter into their conversations: nothing.
    const other = await ownerWithAgents('Outra');
    expect(ids(await list(other.client, `?agentId=${sweets}`))).toEqual([]);
  });

  it('searches message text (Portuguese, with or without accents), phone digits and contact name', async () => {
    const owner = await ownerWithAgents('Padaria');
    const agent = owner.agentIds[0]!;
    const cheese = await seed(
      agent,
      'whatsapp',
      '5511987654321',
      [says('Vocês têm pão de queijo hoje?', 30)],
      'Ana Júlia',
    );
    const hours = await seed(agent, 'webchat', 'visitante-e', [
      says('Qual o horário de funcionamento?', 20),
      { role: 'assistant', content: 'Abrimos às 8h, de segunda a sábado.', at: minutesAgo(19) },
    ]);
    const cake = await seed(
      agent,
      'whatsapp',
      '5521912345678',
      [says('Quero encomendar um bolo de chocolate', 10)],
      'Bruno',
    );
    const other = await ownerWithAgents('Outra');
    await seed(other.agentIds[0]!, 'whatsapp', '5511987650000', [says('pão de queijo', 1)], 'Ana');

    const search = async (q: string) =>
      ids(await list(owner.client, `?q=${encodeURIComponent(q)}`));
    expect(await search('pão de queijo')).toEqual([cheese]);
    expect(await search('pao de queijo')).toEqual([cheese]);
    expect(await search('PÃO')).toEqual([cheese]);
    expect(await search('queij')).toEqual([cheese]);
    expect(await search('horario')).toEqual([hours]);
    expect(await search('horário')).toEqual([hours]);
    expect(await search('abrimos sabado')).toEqual([hours]);
    expect(await search('chocolate bolo')).toEqual([cake]);
    expect(await search('bolo pão')).toEqual([]);
    expect(await search('98765')).toEqual([cheese]);
    expect(await search('+55 (21) 91234')).toEqual([cake]);
    expect(await search('5511')).toEqual([cheese]);
    expect(await search('julia')).toEqual([cheese]);
    expect(await search('ANA')).toEqual([cheese]);
    expect(await search('bru')).toEqual([cake]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(await search('de')).toEqual([]);
    expect(await search('   ')).toEqual([cake, hours, cheese]);
    // search and filters together
    expect(ids(await list(owner.client, '?q=queijo&channel=webchat'))).toEqual([]);
    expect(ids(await list(owner.client, '?q=queijo&channel=whatsapp'))).toEqual([cheese]);
  });

  it('finds every conversation of a word with thousands of matches, in order, other owners aside', async () => {
    const owner = await ownerWithAgents('Padaria');
    const agent = owner.agentIds[0]!;
    // More matching messages than the search collects first, in one old conversation: the newer
    // ones with a single match each are found conversation by conversation.
    const old = await seed(agent, 'whatsapp', '5511955550001', [says('primeira mensagem', 90)]);
    await t.ctx.database.db.execute(sql`INSERT INTO messages (conversation_id, role, content,
        created_at)
      SELECT ${old}, 'user', 'quero jabuticaba número ' || g, now() - interval '80 minutes'
      FROM generate_series(1, 2100) g`);
    const other = await ownerWithAgents('Outra');
    await seed(other.agentIds[0]!, 'whatsapp', '5511955550009', [says('jabuticaba', 1)]);
    const middle = await seed(agent, 'webchat', 'visitante-j1', [says('Tem jabuticaba?', 30)]);
    await seed(agent, 'webchat', 'visitante-j2', [says('Tem uva?', 20)]);
    const newest = await seed(agent, 'whatsapp', '5511955550002', [says('jabuticabas!', 10)]);
    const page = await list(owner.client, '?q=jabuticaba');
    expect(ids(page)).toEqual([newest, middle, old]);
  });

  it('refuses a bad filter or cursor with 400 and a pt-BR message', async () => {
    const { client } = await ownerWithAgents('Padaria');
    const cases: [string, Record<string, string[]>][] = [
      ['?channel=test', { channel: ['Canal inválido: use whatsapp ou webchat.'] }],
      [
        '?channel=whatsapp&channel=webchat',
        { channel: ['Canal inválido: use whatsapp ou webchat.'] },
      ],
      [
        '?status=lidas',
        { status: ['Filtro inválido: use needs-person, paused, failed ou unread.'] },
      ],
      ['?agentId=abc', { agentId: ['Agente inválido.'] }],
      ['?agentId=-3', { agentId: ['Agente inválido.'] }],
      ['?agentId=1.5', { agentId: ['Agente inválido.'] }],
      [`?q=${'a'.repeat(201)}`, { q: ['A busca pode ter no máximo 200 caracteres.'] }],
      ['?cursor=%25%25%25', { cursor: ['Página inválida: recarregue a lista.'] }],
      [
        `?cursor=${Buffer.from('2026-02-30T00:00:00.000000|1').toString('base64url')}`,
        { cursor: ['Página inválida: recarregue a lista.'] },
      ],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await client.get(`/api/conversations${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.fieldErrors, query).toEqual(fieldErrors);
    }
    const english = await client.get('/api/conversations?status=x', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.fieldErrors).toEqual({
      status: ['Invalid filter: use needs-person, paused, failed or unread.'],
    });
    expect((await new HttpClient(t.baseUrl).get('/api/conversations')).status).toBe(401);
  });
});

describe('GET /api/conversations/{id}', () => {
  it('gives the conversation and its messages in pages of 50, oldest first, with authors and citations', async () => {
    const owner = await ownerWithAgents('Padaria');
    const roles = ['user', 'assistant', 'human'] as const;
    const start = minutesAgo(200);
    const id = await seed(
      owner.agentIds[0]!,
      'whatsapp',
      '5511944440001',
      Array.from({ length: 120 }, (_, i) => ({
        role: roles[i % 3]!,
        content: `mensagem ${i}`,
        at: new Date(start.getTime() + i * 60_000),
        ...(i === 118
          ? { citations: [{ source: 'cardapio.pdf', excerpt: 'Pão de queijo: R$ 5,00' }] }
          : {}),
      })),
      'Carla',
    );
    const first = await owner.client.get<InboxConversationDetail>(`/api/conversations/${id}`);
    expect(first.status).toBe(200);
    expect(first.body.conversation).toMatchObject({
      id,
      channel: 'whatsapp',
      contact: { id: '5511944440001', name: 'Carla', phone: '5511944440001' },
      notes: '',
      tags: [],
      unread: 40,
    });
    expect(first.body.conversation.firstSeenAt).toBe(start.toISOString());
    expect(first.body.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `mensagem ${70 + i}`),
    );
    // messages 70, 71, 72 of the seed: assistant, human, user
    expect(first.body.messages.slice(0, 3).map((m) => m.author)).toEqual([
      'agent',
      'person',
      'customer',
    ]);
    expect(first.body.messages.at(-2)!.citations).toEqual([
      { source: 'cardapio.pdf', excerpt: 'Pão de queijo: R$ 5,00' },
    ]);
    expect(first.body.olderCursor).toBe(first.body.messages[0]!.id);

    const second = await owner.client.get<InboxConversationDetail>(
      `/api/conversations/${id}?before=${first.body.olderCursor}`,
    );
    expect(second.body.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `mensagem ${20 + i}`),
    );
    const third = await owner.client.get<InboxConversationDetail>(
      `/api/conversations/${id}?before=${second.body.olderCursor}`,
    );
    expect(third.body.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `mensagem ${i}`),
    );
    expect(third.body.olderCursor).toBeNull();

    for (const before of ['abc', '0', '-5', '2147483648', '1.5']) {
      const res = await owner.client.get(`/api/conversations/${id}?before=${before}`);
      expect(res.status, before).toBe(400);
      expect(res.body.fieldErrors).toEqual({ before: ['Página inválida: recarregue a lista.'] });
    }
  });
});

describe('PATCH /api/conversations/{id}', () => {
  it('marks read (no unread left) and unread again; new customer messages count', async () => {
    const owner = await ownerWithAgents('Padaria');
    const id = await seed(owner.agentIds[0]!, 'webchat', 'visitante-f', [
      says('Oi', 10),
      says('Tem pão?', 9),
      { role: 'assistant', content: 'Temos.', at: minutesAgo(8) },
      says('Quanto custa?', 7),
    ]);
    const item = async () => (await list(owner.client)).items.find((i) => i.id === id)!;
    expect((await item()).unread).toBe(3);

    const read = await owner.client.patch(`/api/conversations/${id}`, { read: true });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, unread: 0 });
    const [row] = await db().select().from(conversations).where(eq(conversations.id, id));
    expect(row!.lastReadAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await db().insert(messages).values({ conversationId: id, role: 'user', content: 'Alô?' });
    await db().insert(messages).values({ conversationId: id, role: 'assistant', content: 'Sim' });
    expect((await item()).unread).toBe(1);

    await owner.client.patch(`/api/conversations/${id}`, { read: true });
    const unread = await owner.client.patch(`/api/conversations/${id}`, { read: false });
    expect(unread.body.unread).toBe(1);
    expect(ids(await list(owner.client, '?status=unread'))).toEqual([id]);
    // An empty change changes nothing and says how the conversation is.
    const empty = await owner.client.patch(`/api/conversations/${id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.unread).toBe(1);
  });

  it('keeps notes and tags (trimmed, once each) and refuses hostile values without changing anything', async () => {
    const owner = await ownerWithAgents('Padaria');
    const id = await seed(owner.agentIds[0]!, 'whatsapp', '5511955550001', [says('Oi', 3)]);
    const saved = await owner.client.patch(`/api/conversations/${id}`, {
      notes: 'Prefere entrega à tarde.',
      tags: ['vip', '  atacado ', 'vip'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.tags).toEqual(['vip', 'atacado']);
    const detail = await owner.client.get(`/api/conversations/${id}`);
    expect(detail.body.conversation).toMatchObject({
      notes: 'Prefere entrega à tarde.',
      tags: ['vip', 'atacado'],
    });

    const hostile: [unknown, Record<string, string[]>][] = [
      [
        { notes: 'x'.repeat(2001) },
        { notes: ['As anotações podem ter no máximo 2.000 caracteres.'] },
      ],
      [{ notes: 5 }, { notes: ['As anotações precisam ser um texto.'] }],
      [{ notes: null }, { notes: ['As anotações precisam ser um texto.'] }],
      [{ tags: 'vip' }, { tags: ['As etiquetas precisam ser uma lista de textos.'] }],
      [{ tags: [1] }, { 'tags.0': ['Cada etiqueta precisa de pelo menos um caractere.'] }],
      [{ tags: ['   '] }, { 'tags.0': ['Cada etiqueta precisa de pelo menos um caractere.'] }],
      [
        { tags: ['x'.repeat(41)] },
        { 'tags.0': ['Cada etiqueta pode ter no máximo 40 caracteres.'] },
      ],
      [
        { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        { tags: ['Use no máximo 20 etiquetas por conversa.'] },
      ],
      [{ read: 'yes' }, { read: ['Use verdadeiro ou falso para marcar como lida.'] }],
      [{ read: true, ownerId: 1 }, { _: ['Valor inválido'] }],
      [['notes'], { _: ['Valor inválido'] }],
    ];
    for (const [body, fieldErrors] of hostile) {
      const res = await owner.client.patch(`/api/conversations/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    const [row] = await db().select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({
      notes: 'Prefere entrega à tarde.',
      tags: ['vip', 'atacado'],
      unreadCount: 1,
    });
    // The longest allowed values are kept whole.
    const longest = await owner.client.patch(`/api/conversations/${id}`, {
      notes: 'n'.repeat(2000),
      tags: Array.from({ length: 20 }, (_, i) => `${'t'.repeat(38)}${String(i).padStart(2, '0')}`),
    });
    expect(longest.status).toBe(200);
    expect(longest.body.tags).toHaveLength(20);
  });
});

describe('handoff and resume', () => {
  it('a handoff needs a person (bot quiet) until resume; resume also ends a pause', async () => {
    const owner = await ownerWithAgents('Padaria');
    const agent = owner.agentIds[0]!;
    const id = await seed(agent, 'webchat', 'visitante-g', [says('Quero falar com alguém', 2)]);
    const handed = await owner.client.post(`/api/conversations/${id}/handoff`);
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ id, needsPerson: true, bot: { state: 'person' } });
    // A second handoff keeps the first one's time.
    const [first] = await db().select().from(conversations).where(eq(conversations.id, id));
    await owner.client.post(`/api/conversations/${id}/handoff`);
    const [again] = await db().select().from(conversations).where(eq(conversations.id, id));
    expect(again!.handedOverAt).toEqual(first!.handedOverAt);

    const resumed = await owner.client.post(`/api/conversations/${id}/resume`);
    expect(resumed.body).toMatchObject({ needsPerson: false, bot: { state: 'active' } });

    await owner.client.post(`/api/agents/${agent}/conversations/${id}/pause`);
    const paused = (await list(owner.client)).items.find((i) => i.id === id)!;
    expect(paused.bot.state).toBe('paused');
    expect(Date.parse((paused.bot as { until: string }).until)).toBeGreaterThan(Date.now());
    const again2 = await owner.client.post(`/api/conversations/${id}/resume`);
    expect(again2.body.bot).toEqual({ state: 'active' });
  });

  it('the agent’s own conversation routes show the same bot state (handed over, paused, active)', async () => {
    const owner = await ownerWithAgents('Padaria');
    const agent = owner.agentIds[0]!;
    const id = await seed(agent, 'whatsapp', '5511911119999', [says('Quero falar com alguém', 2)]);
    const perAgent = async () => {
      const detail = await owner.client.get(`/api/agents/${agent}/conversations/${id}`);
      expect(detail.status, detail.text).toBe(200);
      const listed = await owner.client.get(`/api/agents/${agent}/conversations?channel=whatsapp`);
      const row = (listed.body as { id: number; handedOver: boolean }[]).find((c) => c.id === id);
      expect(row?.handedOver).toBe(detail.body.conversation.handedOver);
      return detail.body.conversation as { handedOver: boolean; botPausedUntil: string | null };
    };
    expect(await perAgent()).toMatchObject({ handedOver: false, botPausedUntil: null });

    await owner.client.post(`/api/conversations/${id}/handoff`);
    expect((await perAgent()).handedOver).toBe(true);

    const resumed = await owner.client.post(`/api/agents/${agent}/conversations/${id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ handedOver: false, botPausedUntil: null });
    expect((await list(owner.client)).items.find((i) => i.id === id)!.bot).toEqual({
      state: 'active',
    });

    const paused = await owner.client.post(`/api/agents/${agent}/conversations/${id}/pause`);
    expect(paused.body.handedOver).toBe(false);
    expect(Date.parse(paused.body.botPausedUntil as string)).toBeGreaterThan(Date.now());
  });
});

describe('another owner, a test chat, no such conversation', () => {
  it('answers 404 on every route and changes nothing', async () => {
    const owner = await ownerWithAgents('Padaria');
    const agent = owner.agentIds[0]!;
    const id = await seed(agent, 'whatsapp', '5511966660001', [says('Oi', 2)], 'Dora');
    const testChat = await seed(agent, 'test', `owner:${owner.userId}`, [says('teste', 1)]);
    const stranger = await ownerWithAgents('Outra');
    const before = await db()
      .select()
      .from(conversations)
      .where(inArray(conversations.id, [id, testChat]));

    const routes = (target: string) =>
      [
        ['GET', `/api/conversations/${target}`],
        ['PATCH', `/api/conversations/${target}`],
        ['POST', `/api/conversations/${target}/handoff`],
        ['POST', `/api/conversations/${target}/resume`],
      ] as const;
    const attempts: [HttpClient, string][] = [
      [stranger.client, String(id)],
      [owner.client, String(testChat)],
      [owner.client, '2147483647'],
      [owner.client, 'abc'],
      [owner.client, '-1'],
    ];
    for (const [client, target] of attempts) {
      for (const [method, path] of routes(target)) {
        const res = await client.request(method, path, {
          json: method === 'PATCH' ? { read: true, notes: 'invasão', tags: ['x'] } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).toMatchObject({
          code: 'CONVERSATION_NOT_FOUND',
          message: 'Conversa não encontrada.',
        });
      }
    }
    const after = await db()
      .select()
      .from(conversations)
      .where(inArray(conversations.id, [id, testChat]));
    expect(after).toEqual(before);
    const anonymous = new HttpClient(t.baseUrl);
    for (const [method, path] of routes(String(id))) {
      const json = method === 'GET' ? undefined : {};
      expect((await anonymous.request(method, path, { json })).status).toBe(401);
    }
  });
});
