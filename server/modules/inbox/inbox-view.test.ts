import { describe, expect, it } from 'vitest';
import { toInboxItem, toInboxMessage, type InboxItemRow, type MessageRow } from './inbox-view';

const message = (over: Partial<MessageRow>): MessageRow => ({
  id: 1,
  conversationId: 1,
  role: 'user',
  content: 'Oi',
  gatewayMessageId: null,
  kind: 'text',
  status: 'done',
  error: null,
  inputTokens: null,
  outputTokens: null,
  latencyMs: null,
  delivery: null,
  deliveryAt: null,
  channelPricing: null,
  media: null,
  citations: null,
  origin: null,
  tsv: '',
  createdAt: new Date('2026-11-26T10:00:00.000Z'),
  ...over,
});

const item = (over: Partial<InboxItemRow>): InboxItemRow => ({
  id: 7,
  channel: 'whatsapp',
  agent_id: 3,
  agent_name: 'Atendente',
  contact_id: '5511987654321',
  contact_name: 'Ana',
  unread_count: 2,
  handed_over: false,
  paused_until: null,
  failed: 0,
  tags: ['vip'],
  notes: '',
  first_seen_at: '2026-11-20T10:00:00.000Z',
  last_role: 'user',
  last_kind: 'text',
  last_content: 'Tem pão?',
  last_media: null,
  last_at: '2026-11-26T10:00:00.000Z',
  activity_key: '2026-11-26T10:00:00.000000',
  ...over,
});

describe('toInboxMessage', () => {
  it('names the author: user → customer, assistant → agent, human → person', () => {
    expect(toInboxMessage(message({ role: 'user' })).author).toBe('customer');
    expect(toInboxMessage(message({ role: 'assistant' })).author).toBe('agent');
    expect(toInboxMessage(message({ role: 'human' })).author).toBe('person');
  });

  it('shows an audio as its transcription, with its media type', () => {
    const audio = toInboxMessage(
      message({ kind: 'audio', content: 'quero um bolo', media: { mimetype: 'audio/ogg' } }),
    );
    expect(audio).toMatchObject({
      kind: 'audio',
      text: '',
      transcription: 'quero um bolo',
      mediaType: 'audio/ogg',
      mediaUrl: null,
    });
    const untranscribed = toInboxMessage(message({ kind: 'audio', content: '' }));
    expect(untranscribed.transcription).toBeNull();
  });

  it('keeps only well-formed citations', () => {
    const reply = toInboxMessage(
      message({
        role: 'assistant',
        citations: [
          { source: 'cardapio.pdf', excerpt: 'Pão de queijo R$ 5' },
          { source: 3, excerpt: null } as never,
        ],
      }),
    );
    expect(reply.citations).toEqual([{ source: 'cardapio.pdf', excerpt: 'Pão de queijo R$ 5' }]);
    expect(toInboxMessage(message({ citations: null })).citations).toEqual([]);
  });

  it('counts what went out through the gateway as sent until a receipt says more', () => {
    expect(toInboxMessage(message({ role: 'assistant', gatewayMessageId: 'ABC' })).delivery).toBe(
      'sent',
    );
    expect(
      toInboxMessage(message({ role: 'assistant', gatewayMessageId: 'ABC', delivery: 'read' }))
        .delivery,
    ).toBe('read');
    expect(toInboxMessage(message({ role: 'user', gatewayMessageId: 'XYZ' })).delivery).toBeNull();
    expect(toInboxMessage(message({ role: 'assistant' })).delivery).toBeNull();
  });

  it("shows a person's message still sending long after any send as failed (interrupted)", () => {
    const old = new Date(Date.now() - 3 * 60_000);
    const stuck = toInboxMessage(message({ role: 'human', status: 'pending', createdAt: old }));
    expect(stuck.status).toBe('failed');
    expect(stuck.error).toMatch(/interrompido/);
    const fresh = toInboxMessage(
      message({ role: 'human', status: 'pending', createdAt: new Date() }),
    );
    expect(fresh).toMatchObject({ status: 'pending', error: null });
    // A customer's message waiting for its turn is not a send.
    expect(toInboxMessage(message({ status: 'pending', createdAt: old })).status).toBe('pending');
  });

  it('gives a stored file its owner-only URL', () => {
    const file = toInboxMessage(
      message({
        id: 9,
        conversationId: 4,
        role: 'human',
        kind: 'file',
        media: { mimetype: 'application/pdf', fileName: 'a.pdf', storage: 'message_files' },
      }),
    );
    expect(file).toMatchObject({
      mediaUrl: '/api/conversations/4/messages/9/file',
      fileName: 'a.pdf',
      mediaType: 'application/pdf',
    });
  });

  it("gives a WhatsApp customer's voice message and photo the file URL, not their text or a website message", () => {
    const url = (over: Partial<MessageRow>) =>
      toInboxMessage(message({ id: 5, conversationId: 2, ...over })).mediaUrl;
    expect(url({ kind: 'audio', gatewayMessageId: 'ABC' })).toBe(
      '/api/conversations/2/messages/5/file',
    );
    expect(url({ kind: 'image', gatewayMessageId: 'ABC' })).toBe(
      '/api/conversations/2/messages/5/file',
    );
    expect(url({ kind: 'text', gatewayMessageId: 'ABC' })).toBeNull();
    expect(url({ kind: 'sticker', gatewayMessageId: 'ABC' })).toBeNull();
    expect(url({ kind: 'image', gatewayMessageId: null })).toBeNull();
    expect(url({ kind: 'audio', role: 'assistant', gatewayMessageId: 'ABC' })).toBeNull();
  });

  it('shows an unknown kind as unsupported', () => {
    expect(toInboxMessage(message({ kind: 'sticker' })).kind).toBe('unsupported');
  });
});

describe('toInboxItem', () => {
  it('maps the contact, the last message and the counts', () => {
    expect(toInboxItem(item({}))).toEqual({
      id: 7,
      channel: 'whatsapp',
      agent: { id: 3, name: 'Atendente' },
      contact: { id: '5511987654321', name: 'Ana', phone: '5511987654321' },
      lastMessage: {
        text: 'Tem pão?',
        author: 'customer',
        kind: 'text',
        at: '2026-11-26T10:00:00.000Z',
      },
      unread: 2,
      needsPerson: false,
      failed: 0,
      bot: { state: 'active' },
      tags: ['vip'],
    });
  });

  it('gives no phone for a website visitor or a WhatsApp contact known only by a LID', () => {
    expect(toInboxItem(item({ channel: 'webchat', contact_id: '12345678' })).contact.phone).toBe(
      null,
    );
    expect(toInboxItem(item({ contact_id: '123456789012345@lid' })).contact.phone).toBeNull();
  });

  it('says the bot state: a handoff before a pause', () => {
    const paused = '2026-11-26T11:00:00.000Z';
    expect(toInboxItem(item({ paused_until: paused })).bot).toEqual({
      state: 'paused',
      until: paused,
    });
    expect(toInboxItem(item({ paused_until: paused, handed_over: true }))).toMatchObject({
      bot: { state: 'person' },
      needsPerson: true,
    });
  });

  it('previews an audio by its transcription, and a conversation without messages as null', () => {
    const audio = item({ last_kind: 'audio', last_content: 'quero um bolo' });
    expect(toInboxItem(audio).lastMessage).toMatchObject({ kind: 'audio', text: 'quero um bolo' });
    expect(toInboxItem(item({ last_at: null, last_role: null })).lastMessage).toBeNull();
  });
});
