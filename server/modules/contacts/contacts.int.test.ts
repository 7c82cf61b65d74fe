import { sql } from 'drizzle-orm';
import type { Contact, ContactDetail, ContactPage } from '@common/schemas/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { book, dayAhead, ownerWithSchedule, spAt } from '../../test/appointments-helpers';
import { HttpClient } from '../../test/http-client';
import { agentKeyOf, newVisitor, publicVisitor } from '../../test/webchat-helpers';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  newOwner,
  phoneNumbers,
  settle,
  simulatorHandles,
  waitFor,
  waitForReplies,
  type Line,
  type Owner,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The owner's contacts over real conversations: WhatsApp through the simulator and the
 * website widget create them; the owner lists, searches, filters, edits and exports them; the
 * LGPD erasure leaves no row of the person in any table and touches no one else.
 */
let t: TestApp;
let s: SimulatorHandles;
let owner: Owner;
let line: Line;
let webAgentId: number;
const newPhone = phoneNumbers(75200000);
const anaPhone = newPhone();
const brunoPhone = newPhone();
const visitorId = newVisitor();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: { ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' } });
  s = await simulatorHandles(t);
  owner = await newOwner(t, { plan: 'multi' });
  const web = await owner.client.post('/api/agents', {
    name: 'Loja Online',
    systemPrompt: 'Você atende a Loja Online.',
    status: 'active',
  });
  expect(web.status).toBe(201);
  webAgentId = web.body.id as number;
  line = await createLine(t, s, owner.agentId);

  await customerSays(s, line, {
    from: anaPhone,
    text: 'Oi, vocês abrem sábado?',
    pushName: 'Ana Souza',
  });
  await waitForReplies(s, line, anaPhone, 1);
  // Bruno asks for a person: a handoff, its event and the owner's notification are about him.
  await customerSays(s, line, {
    from: brunoPhone,
    text: 'Quero falar com um atendente',
    pushName: 'Bruno Lima',
  });
  await waitForReplies(s, line, brunoPhone, 1);
  // A person answers him with a document: a stored file of his conversation.
  const bruno = (await conversationOf(t, owner.agentId, brunoPhone))!;
  const body = new FormData();
  body.append('text', 'Segue a tabela de preços.');
  body.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'precos.pdf');
  const sent = await owner.client.request('POST', `/api/conversations/${bruno.id}/messages`, {
    body,
  });
  expect(sent.status).toBe(201);
  await waitForReplies(s, line, brunoPhone, 2);
  const key = await agentKeyOf(owner.client, webAgentId);
  const chat = await publicVisitor(t.baseUrl).chat(key, { visitorId, message: 'Fazem entregas?' });
  expect(chat.status).toBe(200);
});
afterAll(async () => {
  if (s) await settle(t, s);
  await t?.close();
});

async function list(client: HttpClient, query = '') {
  const res = await client.get(`/api/contacts${query}`);
  expect(res.status, query).toBe(200);
  return res.body as ContactPage;
}

const byPhone = (page: ContactPage, phone: string) => page.items.find((c) => c.phone === phone);

/**
 * The list once every customer's answer is stored: the simulator has the reply a moment before
 * the pipeline records it as sent (and the stage moves with that record).
 */
async function listAnswered(client: HttpClient, count: number) {
  return waitFor(async () => {
    const page = await list(client);
    const answered = page.items.filter((c) => c.stage !== 'novo');
    return page.total === count && answered.length === count ? page : null;
  }, `${count} answered contacts`);
}

describe('contacts from conversations', () => {
  it('makes one contact per WhatsApp number and per website visitor, answered ones em_atendimento', async () => {
    const page = await listAnswered(owner.client, 3);
    expect(page.total).toBe(3);
    const ana = byPhone(page, anaPhone)!;
    expect(ana).toMatchObject({
      name: 'Ana Souza',
      phone: anaPhone,
      channels: ['whatsapp'],
      stage: 'em_atendimento',
      conversationCount: 1,
      tags: [],
      notes: '',
    });
    const web = page.items.find((c) => c.channels.includes('webchat'))!;
    expect(web).toMatchObject({ phone: null, stage: 'em_atendimento', conversationCount: 1 });
    // The newest contact first: the website visitor wrote last.
    expect(page.items[0]!.id).toBe(web.id);

    // The same number writing again is the same contact.
    await customerSays(s, line, { from: anaPhone, text: 'E domingo?' });
    await waitForReplies(s, line, anaPhone, 2);
    const again = await list(owner.client);
    expect(again.total).toBe(3);
    expect(again.items[0]!.id).toBe(ana.id);
    const conversation = (await conversationOf(t, owner.agentId, anaPhone))!;
    expect(conversation.linkedContactId).toBe(ana.id);
  });

  it('searches by name (accents and case aside) and phone, and filters by stage, tag and channel', async () => {
    const ids = (page: ContactPage) => page.items.map((c) => c.phone);
    expect(ids(await list(owner.client, '?q=ANA%20souza'))).toEqual([anaPhone]);
    expect(ids(await list(owner.client, `?q=${brunoPhone.slice(-6)}`))).toEqual([brunoPhone]);
    expect((await list(owner.client, '?q=ninguém')).total).toBe(0);
    expect((await list(owner.client, '?q=%25')).total).toBe(0);
    expect(ids(await list(owner.client, '?channel=webchat'))).toEqual([null]);
    expect((await list(owner.client, '?channel=whatsapp')).total).toBe(2);
    expect((await list(owner.client, '?stage=cliente')).total).toBe(0);
    expect((await list(owner.client, '?page=2')).items).toEqual([]);
  });

  it('lets the owner edit name, tags, notes and stage; a later stage outlives new answers', async () => {
    const ana = byPhone(await list(owner.client), anaPhone)!;
    const res = await owner.client.patch(`/api/contacts/${ana.id}`, {
      name: '  Ana S. Pereira ',
      tags: ['vip', 'sábado'],
      notes: 'Prefere manhãs.',
      stage: 'cliente',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ana.id,
      name: 'Ana S. Pereira',
      tags: ['vip', 'sábado'],
      notes: 'Prefere manhãs.',
      stage: 'cliente',
    });
    const detail = res.body as ContactDetail;
    expect(detail.conversations).toHaveLength(1);
    expect(detail.conversations[0]).toMatchObject({ agentId: owner.agentId, channel: 'whatsapp' });

    await customerSays(s, line, { from: anaPhone, text: 'Obrigada!' });
    await waitForReplies(s, line, anaPhone, 3);
    // Once the third answer is stored, the stage the owner chose is still there.
    const read = await waitFor(async () => {
      const res = await owner.client.get(`/api/contacts/${ana.id}`);
      const body = res.body as ContactDetail;
      return body.conversations[0]?.messageCount === 6 ? body : null;
    }, 'the third answer stored');
    expect(read.stage).toBe('cliente');

    expect((await list(owner.client, '?tag=vip')).items.map((c) => c.id)).toEqual([ana.id]);
    expect((await list(owner.client, '?stage=cliente')).items.map((c) => c.id)).toEqual([ana.id]);
  });

  it('exports every contact as CSV, a formula in a name made harmless', async () => {
    const bruno = byPhone(await list(owner.client), brunoPhone)!;
    const named = await owner.client.patch(`/api/contacts/${bruno.id}`, {
      name: '=HYPERLINK("http://x","clique")',
    });
    expect(named.status).toBe(200);
    const res = await owner.client.get('/api/contacts/export.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,name,phone,interest,channels,stage,tags,notes,firstContactAt,lastContactAt,conversationCount',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes(anaPhone))).toMatch(
      new RegExp(
        `^\\d+,Ana S\\. Pereira,${anaPhone},,whatsapp,cliente,"vip; sábado",Prefere manhãs\\.,`,
      ),
    );
    expect(lines.find((l) => l.includes(brunoPhone))).toContain(
      `"'=HYPERLINK(""http://x"",""clique"")",${brunoPhone},,`,
    );
  });

  it('exports everything about one person as JSON: contact, conversations, messages, events, notifications', async () => {
    const bruno = byPhone(await list(owner.client), brunoPhone)!;
    const res = await owner.client.get(`/api/contacts/${bruno.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`contato-${bruno.id}.json`);
    const data = res.body as {
      contact: Contact;
      conversations: {
        channel: string;
        messages: { role: string; content: string }[];
        events: { kind: string }[];
      }[];
      notifications: { kind: string }[];
    };
    expect(data.contact.id).toBe(bruno.id);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.messages[0]).toMatchObject({
      role: 'user',
      content: 'Quero falar com um atendente',
    });
    expect(data.conversations[0]!.messages.some((m) => m.role === 'assistant')).toBe(true);
    expect(data.conversations[0]!.events.map((e) => e.kind)).toContain('handoff');
    expect(data.notifications.map((n) => n.kind)).toContain('needs-person');
  });
});

/** Rows anywhere in the database that are about this conversation, phone or contact. */
async function rowsAbout(conversationId: number, phone: string, contactId: number) {
  const counts = await queryRows<Record<string, number>>(
    t.database.db,
    sql`SELECT
      (SELECT count(*)::int FROM contacts WHERE id = ${contactId} OR phone = ${phone}) AS contacts,
      (SELECT count(*)::int FROM conversations WHERE id = ${conversationId} OR contact_id = ${phone}
        OR linked_contact_id = ${contactId}) AS conversations,
      (SELECT count(*)::int FROM messages WHERE conversation_id = ${conversationId}) AS messages,
      (SELECT count(*)::int FROM message_files f JOIN messages m ON m.id = f.message_id
        WHERE m.conversation_id = ${conversationId}) AS message_files,
      (SELECT count(*)::int FROM conversation_events
        WHERE conversation_id = ${conversationId}) AS conversation_events,
      (SELECT count(*)::int FROM analytics_conversation_buckets
        WHERE conversation_id = ${conversationId}) AS buckets,
      (SELECT count(*)::int FROM analytics_turns WHERE conversation_id = ${conversationId}) AS turns,
      (SELECT count(*)::int FROM unanswered_questions
        WHERE conversation_id = ${conversationId}) AS unanswered,
      (SELECT count(*)::int FROM notifications
        WHERE payload->>'conversationId' = ${String(conversationId)}) AS notifications,
      (SELECT count(*)::int FROM owner_events
        WHERE payload->>'conversationId' = ${String(conversationId)}
          OR payload->'notification'->>'conversationId' = ${String(conversationId)}) AS owner_events,
      (SELECT count(*)::int FROM webhook_inbox WHERE payload::text LIKE ${`%${phone}%`}) AS webhook_inbox,
      (SELECT count(*)::int FROM simulator_messages WHERE remote_jid LIKE ${`${phone}%`}) AS simulator`,
  );
  return counts[0]!;
}

let erasedId = 0;

describe('the LGPD erasure', () => {
  it('deletes the person everywhere, in one go, and no one else', async () => {
    const bruno = byPhone(await list(owner.client), brunoPhone)!;
    const brunoConversation = (await conversationOf(t, owner.agentId, brunoPhone))!;
    const anaConversation = (await conversationOf(t, owner.agentId, anaPhone))!;
    const ana = byPhone(await list(owner.client), anaPhone)!;
    await settle(t, s);

    const before = await rowsAbout(brunoConversation.id, brunoPhone, bruno.id);
    // What there was to erase: the test proves each of these goes.
    for (const table of [
      'contacts',
      'conversations',
      'messages',
      'message_files',
      'conversation_events',
      'buckets',
      'unanswered',
      'turns',
      'notifications',
      'owner_events',
      'webhook_inbox',
      'simulator',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const anaBefore = await rowsAbout(anaConversation.id, anaPhone, ana.id);

    const res = await owner.client.delete(`/api/contacts/${bruno.id}`);
    expect(res.status).toBe(204);
    erasedId = bruno.id;
    const after = await rowsAbout(brunoConversation.id, brunoPhone, bruno.id);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await rowsAbout(anaConversation.id, anaPhone, ana.id)).toEqual(anaBefore);

    expect((await owner.client.get(`/api/contacts/${bruno.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/contacts/${bruno.id}`)).status).toBe(404);
    expect((await list(owner.client)).total).toBe(2);
  });

  it('a person who writes again after the erasure starts afresh as a new contact', async () => {
    await customerSays(s, line, { from: brunoPhone, text: 'Oi de novo' });
    // The simulator's copies of his earlier messages went with the erasure: one reply is the new one.
    await waitForReplies(s, line, brunoPhone, 1);
    const fresh = await waitFor(async () => {
      const contact = byPhone(await list(owner.client), brunoPhone);
      return contact?.stage === 'em_atendimento' ? contact : null;
    }, 'his new contact answered');
    expect(fresh).toMatchObject({ stage: 'em_atendimento', conversationCount: 1 });
    expect(fresh.id).not.toBe(erasedId);
  });
});

describe('a booking', () => {
  it("makes the customer's contact 'agendado' from any path, with the name given; the owner's name and 'cliente' stay", async () => {
    const shop = await ownerWithSchedule(t, { agentName: 'Barbearia' });
    const shopLine = await createLine(t, s, shop.agentId);
    const tomorrow = dayAhead(1);
    const contactOf = async (phone: string) => byPhone(await list(shop.client), phone);

    // On the booking page, by someone who never wrote: a new contact, named as they typed it.
    const page = await shop.client.get(`/api/agents/${shop.agentId}/booking`);
    const davi = newPhone();
    const booked = await new HttpClient(t.baseUrl).post(`/api/public/booking/${page.body.slug}`, {
      serviceId: shop.serviceId,
      startsAt: spAt(tomorrow, '09:00'),
      customerName: 'Davi Rocha',
      customerPhone: `+${davi}`,
    });
    expect(booked.status).toBe(201);
    expect(await contactOf(davi)).toMatchObject({
      name: 'Davi Rocha',
      phone: davi,
      stage: 'agendado',
      conversationCount: 0,
    });

    // A WhatsApp customer the owner books on the dashboard: their contact, the owner's name.
    const carla = newPhone();
    await customerSays(s, shopLine, { from: carla, text: 'Oi, tudo bem?', pushName: 'Cacá' });
    await waitForReplies(s, shopLine, carla, 1);
    const before = await waitFor(async () => {
      const found = await contactOf(carla);
      return found?.stage === 'em_atendimento' ? found : null;
    }, 'her answered contact');
    expect(before.name).toBe('Cacá');
    expect(
      (
        await book(shop, spAt(tomorrow, '10:00'), {
          customerName: 'Carla Dias',
          customerPhone: `+${carla}`,
        })
      ).status,
    ).toBe(201);
    expect(await contactOf(carla)).toMatchObject({
      id: before.id,
      name: 'Carla Dias',
      stage: 'agendado',
    });
    // A later booking page entry with another spelling leaves the owner's name alone.
    const again = await new HttpClient(t.baseUrl).post(`/api/public/booking/${page.body.slug}`, {
      serviceId: shop.serviceId,
      startsAt: spAt(tomorrow, '11:00'),
      customerName: 'carlinha',
      customerPhone: `+${carla}`,
    });
    expect(again.status).toBe(201);
    expect((await contactOf(carla))!.name).toBe('Carla Dias');

    // A customer the owner counts a client stays one.
    const patched = await shop.client.patch(`/api/contacts/${before.id}`, { stage: 'cliente' });
    expect(patched.status).toBe(200);
    expect(
      (await book(shop, spAt(dayAhead(2), '09:00'), { customerPhone: `+${carla}` })).status,
    ).toBe(201);
    expect((await contactOf(carla))!.stage).toBe('cliente');
    // Nobody else's contacts moved.
    expect((await list(owner.client)).items.some((c) => c.stage === 'agendado')).toBe(false);
  });
});

describe('hostile input and other owners', () => {
  it('answers bad queries and bodies with 400 in Portuguese and changes nothing', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['?stage=vip', { stage: ['Etapa inválida: use novo, em_atendimento, agendado ou cliente.'] }],
      ['?channel=sms', { channel: ['Canal inválido: use whatsapp ou webchat.'] }],
      ['?page=0', { page: ['Página inválida.'] }],
      ['?page=abc', { page: ['Página inválida.'] }],
      [`?q=${'a'.repeat(201)}`, { q: ['A busca pode ter no máximo 200 caracteres.'] }],
      ['?q=a&q=b', { q: ['A busca precisa ser um texto.'] }],
      [`?tag=${'t'.repeat(41)}`, { tag: ['Cada etiqueta pode ter no máximo 40 caracteres.'] }],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await owner.client.get(`/api/contacts${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.fieldErrors, query).toEqual(fieldErrors);
    }

    const ana = byPhone(await list(owner.client), anaPhone)!;
    const bodies: [unknown, Record<string, string[]>][] = [
      [
        { stage: 'vip' },
        { stage: ['Etapa inválida: use novo, em_atendimento, agendado ou cliente.'] },
      ],
      [{ name: 'x'.repeat(121) }, { name: ['O nome pode ter no máximo 120 caracteres.'] }],
      [{ name: 42 }, { name: ['O nome precisa ser um texto.'] }],
      [{ tags: 'vip' }, { tags: ['As etiquetas precisam ser uma lista de textos.'] }],
      [{ tags: ['  '] }, { 'tags.0': ['Cada etiqueta precisa de pelo menos um caractere.'] }],
      [
        { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
        { tags: ['Use no máximo 20 etiquetas por contato.'] },
      ],
      [
        { notes: 'n'.repeat(2001) },
        { notes: ['As anotações podem ter no máximo 2.000 caracteres.'] },
      ],
      [{ ownerId: 1 }, { _: ['Valor inválido'] }],
    ];
    for (const [body, fieldErrors] of bodies) {
      const res = await owner.client.patch(`/api/contacts/${ana.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    const unchanged = await owner.client.get(`/api/contacts/${ana.id}`);
    expect(unchanged.body).toMatchObject({
      name: 'Ana S. Pereira',
      stage: 'cliente',
      tags: ['vip', 'sábado'],
    });

    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%E2%80%AE1']) {
      const res = await owner.client.get(`/api/contacts/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('CONTACT_NOT_FOUND');
    }
    // A NUL is refused by the text guard before any route.
    expect((await owner.client.get('/api/contacts/%00')).status).toBe(400);
    const english = await owner.client.get('/api/contacts?stage=x', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.fieldErrors).toEqual({
      stage: ['Invalid stage: use novo, em_atendimento, agendado or cliente.'],
    });
    expect((await new HttpClient(t.baseUrl).get('/api/contacts')).status).toBe(401);
  });

  it("answers another owner's contact with 404 and leaves it as it was", async () => {
    const other = await newOwner(t, { plan: null });
    const ana = byPhone(await list(owner.client), anaPhone)!;
    expect((await list(other.client)).total).toBe(0);
    const calls = [
      other.client.get(`/api/contacts/${ana.id}`),
      other.client.patch(`/api/contacts/${ana.id}`, { stage: 'novo' }),
      other.client.get(`/api/contacts/${ana.id}/export`),
      other.client.delete(`/api/contacts/${ana.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('CONTACT_NOT_FOUND');
    }
    const csv = await other.client.get('/api/contacts/export.csv');
    expect(csv.text).not.toContain(anaPhone);
    const still = await owner.client.get(`/api/contacts/${ana.id}`);
    expect(still.body).toMatchObject({ stage: 'cliente', conversationCount: 1 });
  });
});

describe('what the agent learns', () => {
  it('notes the name the customer gives and the service they mention, never over the owner’s name', async () => {
    const shop = await newOwner(t);
    const service = await shop.client.post(`/api/agents/${shop.agentId}/services`, {
      name: 'Escova',
      durationMinutes: 45,
    });
    expect(service.status).toBe(201);
    const shopLine = await createLine(t, s, shop.agentId);
    const carla = newPhone();
    await customerSays(s, shopLine, {
      from: carla,
      text: 'Oi! Meu nome é Carla Dias, vocês fazem escova?',
      pushName: 'Cacá',
    });
    await waitForReplies(s, shopLine, carla, 1);
    const noted = await waitFor(async () => {
      const found = byPhone(await list(shop.client), carla);
      return found?.interest ? found : null;
    }, 'the noted contact');
    expect(noted).toMatchObject({ name: 'Carla Dias', interest: 'Escova' });

    // The owner's name for her stays whatever she says later; the interest follows her.
    const named = await shop.client.patch(`/api/contacts/${noted.id}`, { name: 'Carla (salão)' });
    expect(named.status).toBe(200);
    await shop.client.put(`/api/agents/${shop.agentId}/services/${service.body.id}`, {
      name: 'Escova progressiva',
      durationMinutes: 120,
    });
    await customerSays(s, shopLine, {
      from: carla,
      text: 'Me chamo Carla Maria. E escova progressiva, quanto custa?',
    });
    await waitForReplies(s, shopLine, carla, 2);
    const after = await waitFor(async () => {
      const found = byPhone(await list(shop.client), carla);
      return found?.interest === 'Escova progressiva' ? found : null;
    }, 'the new interest');
    expect(after.name).toBe('Carla (salão)');
  });

  it('notes a website visitor’s name', async () => {
    const shop = await newOwner(t, { plan: 'multi' });
    const agent = await shop.client.post('/api/agents', {
      name: 'Ateliê',
      systemPrompt: 'Você atende o Ateliê.',
      status: 'active',
    });
    const key = await agentKeyOf(shop.client, agent.body.id as number);
    const chat = await publicVisitor(t.baseUrl).chat(key, {
      visitorId: newVisitor(),
      message: 'boa tarde, aqui é o Tiago. Vocês abrem domingo?',
    });
    expect(chat.status).toBe(200);
    const [visitor] = (await list(shop.client)).items;
    expect(visitor).toMatchObject({ name: 'Tiago', phone: null, interest: null });
  });
});
