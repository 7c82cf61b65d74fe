import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cloudDedupeKey,
  parseCloudWebhook,
  verifyHandshake,
  verifySignature,
  type CloudEvent,
} from './cloud-webhook';

const SECRET = 'app-secret-123';
const sign = (raw: Buffer, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('verifySignature', () => {
  const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it('accepts the HMAC of the exact bytes, in either hex case', () => {
    expect(verifySignature(raw, sign(raw), SECRET)).toBe(true);
    expect(
      verifySignature(raw, sign(raw).toUpperCase().replace('SHA256=', 'sha256='), SECRET),
    ).toBe(true);
  });

  it('refuses another secret and a tampered body', () => {
    expect(verifySignature(raw, sign(raw, 'other'), SECRET)).toBe(false);
    const tampered = Buffer.from(raw.toString().replace('[]', '[{}]'));
    expect(verifySignature(tampered, sign(raw), SECRET)).toBe(false);
    // Re-serialised JSON is not the bytes that were signed.
    const spaced = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1));
    expect(verifySignature(spaced, sign(raw), SECRET)).toBe(false);
  });

  it('refuses malformed headers without throwing', () => {
    const good = sign(raw);
    const hex = good.slice(7);
    for (const header of [
      undefined,
      '',
      hex,
      `sha1=${hex}`,
      `sha256=${hex.slice(1)}`,
      `sha256=${hex}0`,
      `sha256=${hex.slice(2)}zz`,
      'sha256=',
      `sha256=${hex}${hex}`,
    ]) {
      expect(verifySignature(raw, header, SECRET)).toBe(false);
    }
    expect(verifySignature(raw, good, '')).toBe(false);
  });
});

describe('verifyHandshake', () => {
  const query = {
    'hub.mode': 'subscribe',
    'hub.verify_token': 'tok',
    'hub.challenge': '1158201444',
  };

  it('answers the challenge for the subscribe mode and our token', () => {
    expect(verifyHandshake(query, 'tok')).toBe('1158201444');
  });

  it('answers null for a wrong token, mode, missing or non-string fields', () => {
    expect(verifyHandshake(query, 'other')).toBeNull();
    expect(verifyHandshake(query, 'to')).toBeNull();
    expect(verifyHandshake({ ...query, 'hub.mode': 'unsubscribe' }, 'tok')).toBeNull();
    expect(verifyHandshake({ ...query, 'hub.verify_token': ['tok'] }, 'tok')).toBeNull();
    expect(
      verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok' }, 'tok'),
    ).toBeNull();
    expect(verifyHandshake({ ...query, 'hub.verify_token': '' }, '')).toBeNull();
  });
});

const PNID = '106540352242922';
const WABA = '102290129340398';
const metadata = { display_phone_number: '15550783881', phone_number_id: PNID };
function envelope(field: string, value: unknown) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: WABA, changes: [{ field, value }] }],
  };
}
function messages(items: unknown[], contacts?: unknown[]) {
  return envelope('messages', {
    messaging_product: 'whatsapp',
    metadata,
    contacts,
    messages: items,
  });
}
const base = { from: '5511987654321', id: 'wamid.A', timestamp: '1750030073' };
function contentOf(item: Record<string, unknown>) {
  const [event] = parseCloudWebhook(messages([{ ...base, ...item }]));
  if (event?.kind !== 'message') throw new Error(`no message event: ${JSON.stringify(event)}`);
  return event.message.content;
}

describe('parseCloudWebhook: messages', () => {
  it('reads a text message with its contact, timestamp and quoted context', () => {
    const events = parseCloudWebhook(
      messages(
        [
          {
            ...base,
            type: 'text',
            text: { body: 'Oi' },
            context: { from: '1555', id: 'wamid.OURS' },
          },
        ],
        [{ profile: { name: 'Ana', username: '@ana' }, wa_id: '5511987654321', user_id: 'BR.1' }],
      ),
    );
    expect(events).toEqual([
      {
        kind: 'message',
        wabaId: WABA,
        phoneNumberId: PNID,
        message: {
          id: 'wamid.A',
          from: '5511987654321',
          fromUserId: null,
          timestamp: 1750030073,
          contextId: 'wamid.OURS',
          content: { kind: 'text', text: 'Oi' },
        },
        contact: { waId: '5511987654321', userId: 'BR.1', name: 'Ana', username: '@ana' },
      },
    ]);
  });

  it('reads every content type', () => {
    expect(
      contentOf({ type: 'audio', audio: { id: 'm1', mime_type: 'audio/ogg', voice: true } }),
    ).toEqual({ kind: 'audio', mediaId: 'm1', mimeType: 'audio/ogg', voice: true });
    expect(
      contentOf({ type: 'image', image: { id: 'm2', mime_type: 'image/jpeg', caption: 'c' } }),
    ).toEqual({ kind: 'image', mediaId: 'm2', mimeType: 'image/jpeg', caption: 'c' });
    expect(contentOf({ type: 'video', video: { id: 'm3' } })).toEqual({
      kind: 'video',
      mediaId: 'm3',
      mimeType: null,
      caption: null,
    });
    expect(
      contentOf({
        type: 'document',
        document: { id: 'm4', mime_type: 'application/pdf', filename: 'a.pdf' },
      }),
    ).toEqual({
      kind: 'document',
      mediaId: 'm4',
      mimeType: 'application/pdf',
      caption: null,
      filename: 'a.pdf',
    });
    expect(
      contentOf({
        type: 'sticker',
        sticker: { id: 'm5', mime_type: 'image/webp', animated: false },
      }),
    ).toEqual({ kind: 'sticker', mediaId: 'm5', mimeType: 'image/webp' });
    expect(
      contentOf({
        type: 'location',
        location: { latitude: -23.5, longitude: -46.6, name: 'Loja' },
      }),
    ).toEqual({ kind: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja', address: null });
    expect(
      contentOf({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Bia' },
            phones: [{ phone: '+55 11 9999', wa_id: '55119999' }],
          },
        ],
      }),
    ).toEqual({ kind: 'contacts', contacts: [{ name: 'Bia', phones: ['+55 11 9999'] }] });
    expect(
      contentOf({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } },
      }),
    ).toEqual({ kind: 'choice', id: 'b1', title: 'Sim' });
    expect(
      contentOf({
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: { id: 'r1', title: 'Row', description: 'd' },
        },
      }),
    ).toEqual({ kind: 'choice', id: 'r1', title: 'Row' });
    expect(
      contentOf({ type: 'button', button: { payload: 'CONFIRM', text: 'Confirmar' } }),
    ).toEqual({
      kind: 'choice',
      id: 'CONFIRM',
      title: 'Confirmar',
    });
    expect(
      contentOf({ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } }),
    ).toEqual({
      kind: 'reaction',
      messageId: 'wamid.X',
      emoji: '👍',
    });
    expect(contentOf({ type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '' } })).toEqual(
      {
        kind: 'reaction',
        messageId: 'wamid.X',
        emoji: null,
      },
    );
    expect(
      contentOf({
        type: 'system',
        system: { body: 'changed', type: 'user_changed_user_id', user_id: 'BR.2' },
      }),
    ).toEqual({ kind: 'system', body: 'changed', type: 'user_changed_user_id', newUserId: 'BR.2' });
  });

  it('turns unknown types, other interactive kinds and broken payloads into unsupported', () => {
    expect(contentOf({ type: 'unsupported', errors: [{ code: 131051 }] })).toEqual({
      kind: 'unsupported',
      type: 'unsupported',
    });
    expect(contentOf({ type: 'poll_v9', poll_v9: {} })).toEqual({
      kind: 'unsupported',
      type: 'poll_v9',
    });
    expect(
      contentOf({
        type: 'interactive',
        interactive: { type: 'nfm_reply', nfm_reply: { response_json: '{}' } },
      }),
    ).toEqual({ kind: 'unsupported', type: 'interactive:nfm_reply' });
    expect(contentOf({ type: 'image', image: { caption: 'no id' } })).toEqual({
      kind: 'unsupported',
      type: 'image',
    });
    expect(contentOf({ type: 'location', location: { latitude: 'x', longitude: 1 } })).toEqual({
      kind: 'unsupported',
      type: 'location',
    });
  });

  it('reads a BSUID-only user (no from, no wa_id) and matches the contact by user_id', () => {
    const events = parseCloudWebhook(
      messages(
        [
          {
            from_user_id: 'BR.222',
            id: 'wamid.B',
            timestamp: '1',
            type: 'text',
            text: { body: 'x' },
          },
        ],
        [
          { profile: { name: 'Other' }, user_id: 'BR.111' },
          { profile: { name: 'Zé', username: '@ze' }, user_id: 'BR.222' },
        ],
      ),
    );
    const [event] = events;
    expect(event?.kind).toBe('message');
    if (event?.kind !== 'message') return;
    expect(event.message.from).toBeNull();
    expect(event.message.fromUserId).toBe('BR.222');
    expect(event.contact).toEqual({ waId: null, userId: 'BR.222', name: 'Zé', username: '@ze' });
  });

  it('falls back to the first contact, and to none when contacts are absent', () => {
    const withOther = parseCloudWebhook(
      messages(
        [{ ...base, type: 'text', text: { body: 'x' } }],
        [{ wa_id: '999', profile: { name: 'P' } }],
      ),
    );
    expect(withOther[0]?.kind === 'message' && withOther[0].contact?.waId).toBe('999');
    const without = parseCloudWebhook(messages([{ ...base, type: 'text', text: { body: 'x' } }]));
    expect(without[0]?.kind === 'message' && without[0].contact).toBeNull();
  });

  it('reads every entry, change and item of a batched POST, skipping only the bad ones', () => {
    const body = {
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'messages',
              value: {
                metadata,
                messages: [
                  { ...base, id: 'w1', type: 'text', text: { body: 'a' } },
                  { id: 42, type: 'text' },
                  { ...base, id: 'w2', type: 'text', text: { body: 'b' } },
                ],
              },
            },
          ],
        },
        'garbage',
        {
          id: 12345,
          changes: [
            {
              field: 'messages',
              value: {
                metadata,
                messages: [{ ...base, id: 'w3', type: 'text', text: { body: 'c' } }],
              },
            },
          ],
        },
      ],
    };
    const events = parseCloudWebhook(body);
    expect(
      events.map((e) => (e.kind === 'message' ? `${e.wabaId}/${e.message.id}` : e.kind)),
    ).toEqual([`${WABA}/w1`, `${WABA}/w2`, '12345/w3']);
  });
});

describe('parseCloudWebhook: statuses, echoes and account events', () => {
  it('reads a status with pricing, ref and BSUID', () => {
    const [event] = parseCloudWebhook(
      envelope('messages', {
        metadata,
        statuses: [
          {
            id: 'wamid.S',
            status: 'delivered',
            timestamp: '1750030073',
            recipient_id: '5511987654321',
            recipient_user_id: 'BR.1',
            biz_opaque_callback_data: 'our-ref',
            pricing: {
              billable: false,
              pricing_model: 'PMP',
              type: 'free_customer_service',
              category: 'service',
            },
          },
        ],
      }),
    );
    expect(event).toEqual({
      kind: 'status',
      wabaId: WABA,
      phoneNumberId: PNID,
      status: {
        id: 'wamid.S',
        status: 'delivered',
        timestamp: 1750030073,
        recipientId: '5511987654321',
        recipientUserId: 'BR.1',
        ref: 'our-ref',
        pricing: { type: 'free_customer_service', category: 'service', billable: false },
        errors: [],
      },
    });
  });

  it('reads a failed status and its errors, without recipient ids; skips unknown statuses', () => {
    const events = parseCloudWebhook(
      envelope('messages', {
        metadata,
        statuses: [
          {
            id: 'wamid.F',
            status: 'failed',
            timestamp: '2',
            errors: [{ code: 131026, title: 'Undeliverable' }, { title: 'no code' }],
          },
          { id: 'wamid.G', status: 'deleted', timestamp: '3' },
        ],
      }),
    );
    expect(events).toHaveLength(1);
    const [event] = events;
    if (event?.kind !== 'status') throw new Error('not a status');
    expect(event.status).toMatchObject({
      status: 'failed',
      recipientId: null,
      recipientUserId: null,
      ref: null,
      pricing: null,
      errors: [{ code: 131026, title: 'Undeliverable' }],
    });
  });

  it('reads a coexistence echo', () => {
    const events = parseCloudWebhook(
      envelope('smb_message_echoes', {
        metadata,
        message_echoes: [
          {
            from: '15550783881',
            to: '5511987654321',
            to_user_id: 'BR.1',
            id: 'wamid.E',
            timestamp: '9',
            type: 'text',
            text: { body: 'by hand' },
          },
        ],
      }),
    );
    expect(events).toEqual([
      {
        kind: 'echo',
        wabaId: WABA,
        phoneNumberId: PNID,
        echo: {
          id: 'wamid.E',
          to: '5511987654321',
          toUserId: 'BR.1',
          timestamp: 9,
          content: { kind: 'text', text: 'by hand' },
        },
      },
    ]);
  });

  it('reads template status, account and user id updates', () => {
    expect(
      parseCloudWebhook(
        envelope('message_template_status_update', {
          event: 'REJECTED',
          message_template_id: 594425479261596,
          message_template_name: 'order_confirmation',
          message_template_language: 'pt_BR',
          reason: 'INVALID_FORMAT',
        }),
      ),
    ).toEqual([
      {
        kind: 'template',
        wabaId: WABA,
        templateId: '594425479261596',
        name: 'order_confirmation',
        language: 'pt_BR',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
      },
    ]);
    expect(
      parseCloudWebhook(
        envelope('account_update', {
          event: 'PARTNER_REMOVED',
          disconnection_info: { reason: 'PRIMARY_INACTIVITY', initiated_by: 'SYSTEM' },
        }),
      ),
    ).toEqual([
      {
        kind: 'account',
        wabaId: WABA,
        event: 'PARTNER_REMOVED',
        phoneNumberId: null,
        reason: 'PRIMARY_INACTIVITY',
      },
    ]);
    expect(
      parseCloudWebhook(
        envelope('user_id_update', {
          metadata,
          user_id_update: [
            {
              wa_id: '5511987654321',
              detail: 'x',
              user_id: { previous: 'BR.1', current: 'BR.9' },
              timestamp: '1',
            },
            { user_id: {} },
          ],
        }),
      ),
    ).toEqual([
      {
        kind: 'user_id_update',
        wabaId: WABA,
        phoneNumberId: PNID,
        waId: '5511987654321',
        previous: 'BR.1',
        current: 'BR.9',
      },
    ]);
  });

  it('ignores fields it does not know and messages without a phone number id', () => {
    expect(parseCloudWebhook(envelope('history', { metadata, history: [] }))).toEqual([]);
    expect(
      parseCloudWebhook(
        envelope('messages', { messages: [{ ...base, type: 'text', text: { body: 'x' } }] }),
      ),
    ).toEqual([]);
  });
});

describe('parseCloudWebhook: hostile bodies', () => {
  let deep: unknown = { x: 1 };
  for (let i = 0; i < 5000; i++) deep = { entry: [deep], changes: [deep], value: deep };
  const hostile: unknown[] = [
    null,
    undefined,
    42,
    'entry',
    [],
    [{ entry: [] }],
    { entry: null },
    { entry: 'x' },
    { entry: [null, 1, 'a', [], { id: null, changes: [] }, { id: WABA, changes: null }] },
    {
      entry: [
        {
          id: WABA,
          changes: [
            null,
            { field: 1 },
            { field: 'messages', value: [] },
            { field: 'messages', value: null },
          ],
        },
      ],
    },
    envelope('messages', { metadata: { phone_number_id: {} }, messages: [{}] }),
    envelope('messages', { metadata, messages: 'x', statuses: {}, contacts: 5 }),
    envelope('messages', {
      metadata,
      messages: [null, [], { id: 'w', type: 'text', text: null, timestamp: {} }],
    }),
    envelope('message_template_status_update', { event: null }),
    envelope('account_update', []),
    envelope('user_id_update', { user_id_update: [null, { user_id: 'x' }] }),
    deep,
    JSON.parse('{"__proto__":{"polluted":true},"entry":[{"__proto__":{},"id":"1","changes":[]}]}'),
  ];

  it('never throws, and yields only well-formed events', () => {
    for (const body of hostile) {
      expect(() => parseCloudWebhook(body)).not.toThrow();
    }
    // The one message with an id and a type still counts: its unreadable text is unsupported.
    const events = hostile.flatMap((b) => parseCloudWebhook(b));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'message',
        message: expect.objectContaining({
          id: 'w',
          timestamp: null,
          content: { kind: 'unsupported', type: 'text' },
        }),
      }),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('cloudDedupeKey', () => {
  it('keys each kind by what identifies it', () => {
    const events: CloudEvent[] = [
      ...parseCloudWebhook(messages([{ ...base, type: 'text', text: { body: 'x' } }])),
      ...parseCloudWebhook(
        envelope('messages', { metadata, statuses: [{ id: 'wamid.S', status: 'read' }] }),
      ),
      ...parseCloudWebhook(
        envelope('smb_message_echoes', {
          metadata,
          message_echoes: [{ id: 'wamid.E', type: 'text', text: { body: 'x' } }],
        }),
      ),
      ...parseCloudWebhook(
        envelope('message_template_status_update', { event: 'APPROVED', message_template_id: 7 }),
      ),
      ...parseCloudWebhook(envelope('account_update', { event: 'PARTNER_ADDED' })),
      ...parseCloudWebhook(
        envelope('user_id_update', {
          user_id_update: [{ user_id: { previous: 'BR.1', current: 'BR.2' } }],
        }),
      ),
    ];
    expect(events.map(cloudDedupeKey)).toEqual([
      `cloud:msg:${PNID}:wamid.A`,
      `cloud:st:${PNID}:wamid.S:read`,
      `cloud:echo:${PNID}:wamid.E`,
      'cloud:tpl:7:APPROVED',
      `cloud:acct:${WABA}:PARTNER_ADDED:-:-`,
      `cloud:uid:${WABA}:BR.1:BR.2`,
    ]);
  });

  it('gives a duplicate delivery the same key and a new status another', () => {
    const body = envelope('messages', {
      metadata,
      statuses: [
        { id: 'wamid.S', status: 'sent' },
        { id: 'wamid.S', status: 'sent' },
        { id: 'wamid.S', status: 'delivered' },
      ],
    });
    const keys = parseCloudWebhook(body).map(cloudDedupeKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
