import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { startFakeGateway } from '../../../adapters/gateway/testing/fake-gateway';
import { queryRows } from '../../../db/client';
import { messages, whatsappEvents } from '../../../db/schema';
import { SseReader } from '../../../test/sse-client';
import { agentKeyOf, newIp, newVisitor, publicVisitor } from '../../../test/webchat-helpers';
import type { TestApp } from '../../../test/harness';
import { HttpClient } from '../../../test/http-client';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  instanceRow,
  messagesOf,
  newOwner,
  phoneNumbers,
  repliesTo,
  settle,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type Line,
  type Owner,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * A person answers from the inbox: POST /api/conversations/{id}/messages (text or a
 * file) goes out from the business number on WhatsApp (the simulator's phone receives it) or to
 * the website visitor's live channel, pauses the bot as a message typed on the phone does, is
 * stored once whatever its echo, and a failed send is retried without ever sending twice.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  app = await startPipelineApp({ ...FAST_PIPELINE_ENV, TRUST_PROXY: '127.0.0.1' });
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(73000000);

/** A PNG's signature and a few bytes: what the type is decided by. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-fake-image-bytes'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function form(file: Buffer | null, name: string, text?: string, type = 'image/png') {
  const body = new FormData();
  if (text !== undefined) body.append('text', text);
  if (file) body.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

/** A WhatsApp conversation that the agent has answered once. */
async function answeredConversation(owner: Owner, line: Line) {
  const phone = newPhone();
  await customerSays(s, line, { from: phone, text: 'Oi', pushName: 'Ana' });
  await waitForReplies(s, line, phone, 1);
  const conversation = await waitFor(async () => {
    const c = await conversationOf(t, owner.agentId, phone);
    const list = c ? await messagesOf(t, c.id) : [];
    return c && list.length === 2 && list.every((m) => m.status === 'done') ? c : null;
  }, 'the first turn done');
  return { phone, conversation };
}

/** A delivery as the gateway posts it to our webhook. */
async function webhook(line: Line, event: string, data: unknown) {
  const res = await fetch(`${t.baseUrl}/api/whatsapp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-secret': line.secret },
    body: JSON.stringify({ event, instance: line.name, data }),
  });
  expect(res.status).toBe(200);
}

async function takeoverEvents(agentId: number, phone: string) {
  const rows = await t.ctx.database.db
    .select()
    .from(whatsappEvents)
    .where(and(eq(whatsappEvents.agentId, agentId), eq(whatsappEvents.type, 'takeover')));
  return rows.filter((r) => JSON.stringify(r.detail).includes(phone));
}

describe('a person answers on WhatsApp', () => {
  it('the text goes out from the business number, is stored once whatever its echo, and pauses the bot for takeoverMinutes', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { settings: { takeoverMinutes: 45 } });
    const { phone, conversation } = await answeredConversation(owner, line);

    const before = Date.now();
    const res = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Oi Ana, aqui é a Maria. Como posso ajudar?',
    });
    const after = Date.now();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      author: 'person',
      kind: 'text',
      text: 'Oi Ana, aqui é a Maria. Como posso ajudar?',
      status: 'done',
      delivery: 'sent',
      mediaUrl: null,
    });

    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('Oi Ana, aqui é a Maria. Como posso ajudar?');
    const stored = await messagesOf(t, conversation.id);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Oi'],
      ['assistant', 'eco: Oi'],
      ['human', 'Oi Ana, aqui é a Maria. Como posso ajudar?'],
    ]);
    expect(stored[2]!.gatewayMessageId).toBe(replies[1]!.keyId);

    // Paused by the rule of a message typed on the phone: the agent's takeoverMinutes.
    const paused = (await conversationOf(t, owner.agentId, phone))!.botPausedUntil!.getTime();
    expect(paused).toBeGreaterThanOrEqual(before + 45 * 60_000);
    expect(paused).toBeLessThanOrEqual(after + 45 * 60_000);
    const detail = await owner.client.get(`/api/conversations/${conversation.id}`);
    expect(detail.body.conversation.bot).toEqual({
      state: 'paused',
      until: new Date(paused).toISOString(),
    });
    expect(await takeoverEvents(owner.agentId, phone)).toHaveLength(1);

    // The gateway's echo of it, as a messages.upsert fromMe with the same key id: not stored
    // again, and not the owner typing on the phone a second time.
    await webhook(line, 'messages.upsert', {
      key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: true, id: replies[1]!.keyId },
      message: { conversation: 'Oi Ana, aqui é a Maria. Como posso ajudar?' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    });
    await settle(t, s);
    expect(await messagesOf(t, conversation.id)).toHaveLength(3);
    expect(await takeoverEvents(owner.agentId, phone)).toHaveLength(1);
    expect((await conversationOf(t, owner.agentId, phone))!.botPausedUntil!.getTime()).toBe(paused);

    // The customer writes again: the agent stays quiet while the pause lasts.
    await customerSays(s, line, { from: phone, text: 'Quero mudar meu pedido' });
    await waitFor(
      async () => ((await messagesOf(t, conversation.id)).length === 4 ? true : null),
      'the message stored',
    );
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(2);

    // "Devolver ao robô": the next message is the agent's again.
    await owner.client.post(`/api/conversations/${conversation.id}/resume`);
    await customerSays(s, line, { from: phone, text: 'Voltou?' });
    const last = await waitForReplies(s, line, phone, 3);
    expect(last[2]!.text).toBe('eco: Voltou?');
  });

  it('an image with a caption goes out with sendMedia; the owner reads its file back, nobody else', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { phone, conversation } = await answeredConversation(owner, line);

    const res = await owner.client.request(
      'POST',
      `/api/conversations/${conversation.id}/messages`,
      { body: form(PNG, '../../etc/passwd\u0000 cardápio.png', 'Nosso cardápio de hoje') },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      author: 'person',
      kind: 'image',
      text: 'Nosso cardápio de hoje',
      mediaType: 'image/png',
      fileName: 'passwd cardápio.png',
      status: 'done',
      mediaUrl: `/api/conversations/${conversation.id}/messages/${res.body.id}/file`,
    });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]).toMatchObject({ messageType: 'imageMessage' });
    expect(replies[1]!.text).toBe('[imagem] Nosso cardápio de hoje');

    const file = await fetch(`${t.baseUrl}${res.body.mediaUrl}`, {
      headers: { cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const stranger = await newOwner(t, { plan: null });
    const refused = await stranger.client.get(res.body.mediaUrl);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('CONVERSATION_NOT_FOUND');
    const anonymous = await new HttpClient(t.baseUrl).get(res.body.mediaUrl);
    expect(anonymous.status).toBe(401);
  });

  it('a document goes out as sendMedia mediatype document, with its file name', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { phone, conversation } = await answeredConversation(owner, line);
    const res = await owner.client.request(
      'POST',
      `/api/conversations/${conversation.id}/messages`,
      { body: form(PDF, 'orçamento.exe', undefined, 'application/x-msdownload') },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'file',
      text: '',
      mediaType: 'application/pdf',
      fileName: 'orçamento.pdf',
      status: 'done',
    });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]).toMatchObject({ messageType: 'documentMessage' });
    expect(replies[1]!.text).toBe('[documento] orçamento.pdf');
  });

  it('the sendMedia request is the Evolution contract: JSON, raw base64, mediatype, mimetype, fileName, caption', async () => {
    const fake = await startFakeGateway();
    try {
      fake.script = () => ({
        status: 201,
        body: {
          key: { remoteJid: '5511987654321@s.whatsapp.net', fromMe: true, id: 'MEDIA1' },
          message: {},
          messageType: 'imageMessage',
          messageTimestamp: 1,
        },
      });
      const client = new EvolutionClient({ baseUrl: fake.url, apiKey: 'k' });
      const sent = await client.sendMedia('loja', {
        number: '5511987654321',
        mediatype: 'image',
        media: PNG.toString('base64'),
        mimetype: 'image/png',
        fileName: 'foto.png',
        caption: 'Olha',
      });
      expect(sent.key.id).toBe('MEDIA1');
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({
        method: 'POST',
        path: '/message/sendMedia/loja',
        body: {
          number: '5511987654321',
          mediatype: 'image',
          media: PNG.toString('base64'),
          mimetype: 'image/png',
          fileName: 'foto.png',
          caption: 'Olha',
        },
      });
      expect(fake.requests[0]!.headers['content-type']).toBe('application/json');
      expect(String((fake.requests[0]!.body as { media: string }).media)).not.toContain('data:');
    } finally {
      await fake.close();
    }
  });

  it('a failed send is marked failed with the reason; "Tentar novamente" sends it once', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { phone, conversation } = await answeredConversation(owner, line);
    await s.control('POST', '/_faults', { match: '/message/sendText/', status: 400, times: 1 });

    const res = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Seu pedido saiu para entrega',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ author: 'person', status: 'failed', delivery: null });
    expect(res.body.error).toMatch(/WhatsApp/);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    const listed = await owner.client.get('/api/conversations?status=failed');
    expect(listed.body.items.map((i: { id: number }) => i.id)).toContain(conversation.id);

    const retried = await owner.client.post(
      `/api/conversations/${conversation.id}/messages/${res.body.id}/retry`,
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: res.body.id, status: 'done', delivery: 'sent' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('Seu pedido saiu para entrega');

    // Retrying what went out sends nothing more.
    const again = await owner.client.post(
      `/api/conversations/${conversation.id}/messages/${res.body.id}/retry`,
    );
    expect(again.body).toMatchObject({ status: 'done' });
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
    expect((await messagesOf(t, conversation.id)).filter((m) => m.role === 'human')).toHaveLength(
      1,
    );
  });

  it('a send that failed although it went out (its echo came): retry sends nothing', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { phone, conversation } = await answeredConversation(owner, line);
    await s.control('POST', '/_faults', { match: '/message/sendText/', status: 400, times: 1 });
    const res = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Chegou?',
    });
    expect(res.body.status).toBe('failed');
    const eventsBefore = (await takeoverEvents(owner.agentId, phone)).length;

    // The gateway reports it sent after all (its answer was lost): the echo claims the message.
    await webhook(line, 'messages.upsert', {
      key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: true, id: `LATE${phone}` },
      message: { conversation: 'Chegou?' },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    });
    const claimed = await waitFor(async () => {
      const list = await messagesOf(t, conversation.id);
      const human = list.filter((m) => m.role === 'human');
      return human.length === 1 && human[0]!.status === 'done' ? human[0]! : null;
    }, 'the echo claimed the failed message');
    expect(claimed).toMatchObject({ gatewayMessageId: `LATE${phone}`, error: null });
    expect(await takeoverEvents(owner.agentId, phone)).toHaveLength(eventsBefore);

    const retried = await owner.client.post(
      `/api/conversations/${conversation.id}/messages/${res.body.id}/retry`,
    );
    expect(retried.body).toMatchObject({ status: 'done', delivery: 'sent' });
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
  });

  it('a send interrupted by a stop (left pending) shows as failed after a while, and retry sends it once', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { phone, conversation } = await answeredConversation(owner, line);
    // As a process stopped between storing the message and the gateway's answer leaves it.
    const [stuck] = await t.ctx.database.db
      .insert(messages)
      .values({
        conversationId: conversation.id,
        role: 'human',
        content: 'Já separei seu pedido',
        status: 'pending',
        createdAt: new Date(Date.now() - 3 * 60_000),
      })
      .returning();
    const detail = await owner.client.get(`/api/conversations/${conversation.id}`);
    expect(detail.body.messages.at(-1)).toMatchObject({
      id: stuck!.id,
      status: 'failed',
      error: 'O envio foi interrompido antes de terminar. Tente novamente.',
    });
    const retried = await owner.client.post(
      `/api/conversations/${conversation.id}/messages/${stuck!.id}/retry`,
    );
    expect(retried.body).toMatchObject({ status: 'done', delivery: 'sent' });
    const replies = await waitForReplies(s, line, phone, 2);
    expect(replies[1]!.text).toBe('Já separei seu pedido');

    // A message still being sent (not stale) is not sent a second time by a retry.
    const [sending] = await t.ctx.database.db
      .insert(messages)
      .values({ conversationId: conversation.id, role: 'human', content: 'Oi', status: 'pending' })
      .returning();
    const early = await owner.client.post(
      `/api/conversations/${conversation.id}/messages/${sending!.id}/retry`,
    );
    expect(early.body).toMatchObject({ status: 'pending' });
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(2);
  });

  it('refuses with 409 while the instance is disconnected, storing nothing', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { conversation } = await answeredConversation(owner, line);
    await s.control('POST', `/${line.name}/disconnect`, {});
    await waitFor(
      async () => (await instanceRow(t, line)).status === 'DISCONNECTED',
      'DISCONNECTED',
    );
    const res = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Olá?',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'REPLY_WHATSAPP_DISCONNECTED' });
    expect(res.body.message).toMatch(/desconectado/);
    expect(await messagesOf(t, conversation.id)).toHaveLength(2);
  });
});

describe('what a reply may be', () => {
  let owner: Owner;
  let conversationId: number;
  beforeAll(async () => {
    owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    conversationId = (await answeredConversation(owner, line)).conversation.id;
  });
  const post = (body: unknown) =>
    owner.client.post(`/api/conversations/${conversationId}/messages`, body);

  it('400 for an empty or too long text, in pt-BR (English when asked)', async () => {
    const cases: [unknown, string][] = [
      [{ text: '' }, 'Escreva a mensagem antes de enviar.'],
      [{ text: '   \n ' }, 'Escreva a mensagem antes de enviar.'],
      [{}, 'Escreva a mensagem antes de enviar.'],
      [{ text: 42 }, 'Escreva a mensagem antes de enviar.'],
      [{ text: 'a'.repeat(4097) }, 'A mensagem pode ter no máximo 4.096 caracteres.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.fieldErrors).toEqual({ text: [message] });
    }
    const longest = await post({ text: 'b'.repeat(4096) });
    expect(longest.status).toBe(201);
    const english = await owner.client.post(
      `/api/conversations/${conversationId}/messages`,
      { text: '' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(english.body.fieldErrors.text[0]).toMatch(/message/i);
  });

  it('400 for a file whose bytes are not an accepted type, whatever its name; 413 over 10 MB', async () => {
    const hostile: [Buffer, string, string][] = [
      [Buffer.from('<script>alert(1)</script>'), 'foto.png', 'image/png'],
      [Buffer.from('MZ\x90\x00\x03fake-executable'), 'contrato.pdf', 'application/pdf'],
      [Buffer.from('GIF89a-animated'), 'anim.gif', 'image/gif'],
      [Buffer.from('PK\x03\x04not-really-a-zip'), 'planilha.xlsx', 'application/zip'],
      [Buffer.alloc(0), 'vazio.pdf', 'application/pdf'],
    ];
    for (const [data, name, type] of hostile) {
      const res = await owner.client.request(
        'POST',
        `/api/conversations/${conversationId}/messages`,
        { body: form(data, name, 'legenda', type) },
      );
      expect(res.status, name).toBe(400);
      expect(res.body.code).toBe('REPLY_FILE_TYPE');
      expect(res.body.message).toMatch(/Tipo de arquivo não aceito/);
    }
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await owner.client.request(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { body: form(big, 'grande.pdf', undefined, 'application/pdf') },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'REPLY_FILE_TOO_LARGE' });
    expect(tooBig.body.message).toBe('O arquivo pode ter no máximo 10 MB.');
    // Exactly at the limit is accepted.
    const atLimit = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length)]);
    const fits = await owner.client.request(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { body: form(atLimit, 'grande.pdf', undefined, 'application/pdf') },
    );
    expect(fits.status).toBe(201);
    expect(fits.body).toMatchObject({ kind: 'file', status: 'done' });

    // A caption alone over the limit, and a form without a file or a text.
    const longCaption = await owner.client.request(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { body: form(PNG, 'a.png', 'c'.repeat(4097)) },
    );
    expect(longCaption.status).toBe(400);
    const empty = await owner.client.request(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { body: form(null, '', '') },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ text: ['Escreva a mensagem antes de enviar.'] });
    const [counted] = await queryRows<{ n: number }>(
      t.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM message_files f JOIN messages m ON m.id = f.message_id
          WHERE m.conversation_id = ${conversationId}`,
    );
    // Only the one that fitted was stored.
    expect(counted!.n).toBe(1);
  });

  it("404 for another owner's conversation, an unknown one, and a retry of a message not theirs", async () => {
    const stranger = await newOwner(t, { plan: null });
    for (const path of [
      `/api/conversations/${conversationId}/messages`,
      '/api/conversations/999999999/messages',
      '/api/conversations/abc/messages',
    ]) {
      const res = await stranger.client.post(path, { text: 'Oi' });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('CONVERSATION_NOT_FOUND');
    }
    // A file to someone else's conversation is refused before it is read.
    const upload = await stranger.client.request(
      'POST',
      `/api/conversations/${conversationId}/messages`,
      { body: form(Buffer.from('not an image'), 'x.png', 'oi') },
    );
    expect(upload.status).toBe(404);
    expect(upload.body.code).toBe('CONVERSATION_NOT_FOUND');
    const retry = await stranger.client.post(
      `/api/conversations/${conversationId}/messages/1/retry`,
    );
    expect(retry.status).toBe(404);
    const unknown = await owner.client.post(
      `/api/conversations/${conversationId}/messages/999999999/retry`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MESSAGE_NOT_FOUND');
  });
});

describe('a person answers on the website', () => {
  async function webOwner() {
    const owner = await newOwner(t);
    const put = await owner.client.put(`/api/agents/${owner.agentId}`, { status: 'active' });
    expect(put.status).toBe(200);
    return { owner, key: await agentKeyOf(owner.client, owner.agentId) };
  }

  const ORIGIN = 'https://www.loja.com.br';
  const messageEvents = (reader: SseReader) => reader.events.filter((e) => e.event === 'message');
  const openVisitorStream = (key: string, visitorId: string, ip: string, extra = {}) =>
    SseReader.open(
      new HttpClient(t.baseUrl),
      `/api/public/agents/${key}/events?visitorId=${visitorId}`,
      { origin: ORIGIN, 'x-forwarded-for': ip, ...extra },
    );

  it("reaches the visitor's open widget live, is in the history as a person's, and the agent stays quiet", async () => {
    const { owner, key } = await webOwner();
    const ip = newIp();
    const visitor = publicVisitor(t.baseUrl, ORIGIN, ip);
    const visitorId = newVisitor();
    const first = await visitor.chatText(key, { visitorId, message: 'Vocês abrem domingo?' });
    expect(first.status).toBe(200);
    const conversation = (await conversationOf(t, owner.agentId, visitorId))!;

    const stream = await openVisitorStream(key, visitorId, ip);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    // Another visitor's stream of the same agent hears nothing of it.
    const other = await openVisitorStream(key, newVisitor(), ip);

    const res = await owner.client.post(`/api/conversations/${conversation.id}/messages`, {
      text: 'Abrimos sim, das 8h às 12h!',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ author: 'person', status: 'done', delivery: null });

    await stream.until((r) => messageEvents(r).length === 1, 'the message');
    const [event] = messageEvents(stream);
    const sent = JSON.parse(event!.data!);
    expect(event!.id).toBe(sent.ref);
    expect(sent).toMatchObject({
      role: 'person',
      content: 'Abrimos sim, das 8h às 12h!',
      file: null,
    });

    const history = await visitor.history(key, visitorId);
    expect(history.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'person',
    ]);
    expect(history.body.messages[2]).toMatchObject({ content: 'Abrimos sim, das 8h às 12h!' });

    // Paused as a message typed on the phone pauses: the visitor's next message waits for a person.
    const row = (await conversationOf(t, owner.agentId, visitorId))!;
    expect(row.botPausedUntil!.getTime()).toBeGreaterThan(Date.now());
    const next = await visitor.chatText(key, { visitorId, message: 'Obrigado!' });
    expect(next.body).toEqual({ response: '', citations: [], offline: false });

    // No id of ours reaches the visitor: references are opaque.
    expect(JSON.stringify(history.body)).not.toMatch(/"id"/);
    expect(history.body.cursor).toEqual(expect.any(String));

    // A reconnect with the Last-Event-ID it had before the reply gets it again.
    const before = stream.blocks.find((b) => b.event === 'ready')!.id!;
    const replay = await openVisitorStream(key, visitorId, ip, { 'last-event-id': before });
    await replay.until((r) => messageEvents(r).length === 1, 'the replayed message');
    expect(JSON.parse(messageEvents(replay)[0]!.data!).content).toBe('Abrimos sim, das 8h às 12h!');
    // A made-up Last-Event-ID reads as "from now".
    const forged = await openVisitorStream(key, visitorId, ip, { 'last-event-id': '1' });
    await settle(t, s);
    expect(messageEvents(forged)).toHaveLength(0);
    expect(messageEvents(other)).toHaveLength(0);
    await forged.close();
    await Promise.all([stream.close(), other.close(), replay.close()]);
  });

  it('a file reaches the visitor as a path only their id opens', async () => {
    const { owner, key } = await webOwner();
    const ip = newIp();
    const visitor = publicVisitor(t.baseUrl, ORIGIN, ip);
    const visitorId = newVisitor();
    await visitor.chatText(key, { visitorId, message: 'Tem cardápio?' });
    const conversation = (await conversationOf(t, owner.agentId, visitorId))!;
    const stream = await openVisitorStream(key, visitorId, ip);
    const res = await owner.client.request(
      'POST',
      `/api/conversations/${conversation.id}/messages`,
      { body: form(PDF, 'cardápio.pdf', 'Segue', 'application/pdf') },
    );
    expect(res.status).toBe(201);
    await stream.until((r) => messageEvents(r).length === 1, 'the message');
    const message = JSON.parse(messageEvents(stream)[0]!.data!);
    expect(message).toMatchObject({
      role: 'person',
      content: 'Segue',
      file: { name: 'cardápio.pdf', type: 'application/pdf' },
    });
    const file = await fetch(`${t.baseUrl}${message.file.path}`, {
      headers: { origin: ORIGIN, 'x-forwarded-for': ip },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const stolen = await fetch(
      `${t.baseUrl}${message.file.path.replace(visitorId, newVisitor())}`,
      { headers: { origin: ORIGIN, 'x-forwarded-for': ip } },
    );
    expect(stolen.status).toBe(404);
    const forged = await fetch(
      `${t.baseUrl}/api/public/agents/${key}/files/${res.body.id}?visitorId=${visitorId}`,
      { headers: { origin: ORIGIN, 'x-forwarded-for': ip } },
    );
    expect(forged.status).toBe(404);
    await stream.close();
  });

  it('the stream refuses a bad visitor id and an unknown agent key', async () => {
    const { key } = await webOwner();
    const ip = newIp();
    const bad = await SseReader.open(
      new HttpClient(t.baseUrl),
      `/api/public/agents/${key}/events?visitorId=x`,
      { origin: ORIGIN, 'x-forwarded-for': ip },
    );
    expect(bad.status).toBe(400);
    await bad.close();
    const unknown = await SseReader.open(
      new HttpClient(t.baseUrl),
      `/api/public/agents/${'A'.repeat(32)}/events?visitorId=${newVisitor()}`,
      { origin: ORIGIN, 'x-forwarded-for': ip },
    );
    expect(unknown.status).toBe(404);
    await unknown.close();
  });
});
