import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WHATSAPP_SETTINGS } from '@common/schemas/whatsapp';
import { conversations, messages, whatsappEvents } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/harness';
import { signedInClient, type HttpClient } from '../../test/http-client';

/** An agent's WhatsApp settings, today's statistics and activity, over real HTTP. */
let t: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  t = await startTestApp();
  owner = (await signedInClient(t.baseUrl)).client;
});
afterAll(async () => {
  await t.close();
});

async function newAgent(): Promise<number> {
  const res = await owner.post('/api/agents', { name: 'Atendente', systemPrompt: 'Ajude.' });
  return res.body.id as number;
}

/** Instants before `now`: one `now` per fixture, so the gaps between stored rows are exact. */
const before = (now: number) => (ms: number) => new Date(now - ms);

describe('settings', () => {
  it('answers the defaults until saved, then what was saved', async () => {
    const agentId = await newAgent();
    const path = `/api/agents/${agentId}/whatsapp/settings`;
    expect((await owner.get(path)).body).toEqual(DEFAULT_WHATSAPP_SETTINGS);

    const wanted = {
      allowGroups: true,
      takeoverMinutes: 45,
      pauseKeywords: ['#pare'],
      resumeKeywords: ['#volta', '#bot'],
      debounceMs: 0,
      voiceReply: 'always',
      unsupportedMessage: 'Por aqui só consigo ler texto.',
    };
    const saved = await owner.put(path, wanted);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(wanted);
    expect((await owner.get(path)).body).toEqual(wanted);

    // PUT replaces the whole set: what is left out goes back to its default.
    const partial = await owner.put(path, { takeoverMinutes: 10 });
    expect(partial.body).toEqual({ ...DEFAULT_WHATSAPP_SETTINGS, takeoverMinutes: 10 });
    expect(DEFAULT_WHATSAPP_SETTINGS.voiceReply).toBe('off');
  });

  it.each([
    ['off', 'off'],
    ['when-audio', 'when-audio'],
    ['always', 'always'],
    // an old client still sends the boolean: true was promised as "when the customer sends audio"
    [true, 'when-audio'],
    [false, 'off'],
  ])('voiceReply %j is saved and read back as %j', async (sent, stored) => {
    const agentId = await newAgent();
    const path = `/api/agents/${agentId}/whatsapp/settings`;
    const saved = await owner.put(path, { voiceReply: sent });
    expect(saved.status).toBe(200);
    expect(saved.body.voiceReply).toBe(stored);
    expect((await owner.get(path)).body.voiceReply).toBe(stored);
  });

  it.each([
    [
      { takeoverMinutes: 0 },
      'takeoverMinutes',
      'A pausa após o atendimento humano deve ser de 1 a 1440 minutos',
    ],
    [
      { takeoverMinutes: 1.5 },
      'takeoverMinutes',
      'A pausa após o atendimento humano deve ser de 1 a 1440 minutos',
    ],
    [
      { debounceMs: 40_000 },
      'debounceMs',
      'O tempo para juntar mensagens deve ser de 0 a 30 segundos',
    ],
    [
      { debounceMs: 'x' },
      'debounceMs',
      'O tempo para juntar mensagens deve ser de 0 a 30 segundos',
    ],
    ...[
      'ALWAYS',
      'sempre',
      '',
      1,
      null,
      ['always'],
      { mode: 'always' },
      "always'; DROP TABLE whatsapp_settings; --",
    ].map((voiceReply): [Record<string, unknown>, string, string] => [
      { voiceReply },
      'voiceReply',
      'Escolha quando o robô responde em áudio: nunca, quando o cliente mandar um áudio ou sempre',
    ]),
  ])('%j → 400 and nothing saved', async (body, field, message) => {
    const agentId = await newAgent();
    const path = `/api/agents/${agentId}/whatsapp/settings`;
    await owner.put(path, { takeoverMinutes: 20, voiceReply: 'when-audio' });
    const res = await owner.put(path, body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toEqual([message]);
    const kept = (await owner.get(path)).body;
    expect(kept).toMatchObject({ takeoverMinutes: 20, voiceReply: 'when-audio' });
  });
});

describe('stats', () => {
  it('counts zero for an agent with no WhatsApp traffic', async () => {
    const agentId = await newAgent();
    expect((await owner.get(`/api/agents/${agentId}/whatsapp/stats`)).body).toEqual({
      messagesInToday: 0,
      messagesOutToday: 0,
      avgReplyMs: null,
      contactsToday: 0,
      failedToday: 0,
      connectionEventsToday: 0,
      connectedSince: null,
    });
  });

  it("computes today's figures from stored messages and events", async () => {
    const agentId = await newAgent();
    const db = t.database.db;
    const ago = before(Date.now());
    const [ana, bia, test] = await db
      .insert(conversations)
      .values([
        { agentId, channel: 'whatsapp', contactId: '5511911111111' },
        { agentId, channel: 'whatsapp', contactId: '5511922222222' },
        { agentId, channel: 'test', contactId: 'owner' },
      ])
      .returning();
    await db.insert(messages).values([
      // Ana: two turns answered after 2 s and 4 s.
      { conversationId: ana!.id, role: 'user', content: 'oi', createdAt: ago(20_000) },
      { conversationId: ana!.id, role: 'assistant', content: 'olá', createdAt: ago(18_000) },
      { conversationId: ana!.id, role: 'user', content: 'preço?', createdAt: ago(10_000) },
      { conversationId: ana!.id, role: 'assistant', content: 'R$ 10', createdAt: ago(6_000) },
      // Bia: a failed turn and an ignored message (e.g. a reaction); yesterday's does not count.
      {
        conversationId: bia!.id,
        role: 'user',
        content: 'e aí',
        status: 'failed',
        createdAt: ago(5_000),
      },
      {
        conversationId: bia!.id,
        role: 'user',
        content: '👍',
        status: 'ignored',
        createdAt: ago(4_000),
      },
      { conversationId: bia!.id, role: 'user', content: 'ontem', createdAt: ago(30 * 3600_000) },
      // Test-console chats are not WhatsApp traffic.
      { conversationId: test!.id, role: 'user', content: 'teste', createdAt: ago(3_000) },
      { conversationId: test!.id, role: 'assistant', content: 'ok', createdAt: ago(2_000) },
    ]);
    await db.insert(whatsappEvents).values([
      { instanceName: 'x', agentId, type: 'connection', detail: { status: 'CONNECTED' } },
      { instanceName: 'x', agentId, type: 'connection', detail: { status: 'DISCONNECTED' } },
      { instanceName: 'x', agentId, type: 'qr', detail: null },
      {
        instanceName: 'x',
        agentId,
        type: 'connection',
        detail: null,
        createdAt: ago(30 * 3600_000),
      },
    ]);
    const res = await owner.get(`/api/agents/${agentId}/whatsapp/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      messagesInToday: 3,
      messagesOutToday: 2,
      avgReplyMs: 3000,
      contactsToday: 2,
      failedToday: 1,
      connectionEventsToday: 2,
      connectedSince: null,
    });
  });
});

describe('activity', () => {
  it("lists the agent's 10 latest events, newest first, and only its own", async () => {
    const agentId = await newAgent();
    const otherAgent = await newAgent();
    await t.database.db.insert(whatsappEvents).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        instanceName: 'x',
        agentId,
        type: i % 2 ? 'message_in' : 'connection',
        detail: { n: i },
      })),
      { instanceName: 'y', agentId: otherAgent, type: 'failed', detail: { n: 99 } },
    ]);
    const res = await owner.get(`/api/agents/${agentId}/whatsapp/activity`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
    expect(res.body.map((e: { detail: { n: number } }) => e.detail.n)).toEqual([
      11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    ]);
    expect(res.body[0]).toEqual({
      id: expect.any(Number) as unknown,
      type: 'message_in',
      detail: { n: 11 },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
  });
});
