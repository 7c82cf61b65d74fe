import { describe, expect, it } from 'vitest';
import { GatewayError } from '../gateway/gateway-error';
import { clip, messageBody } from './graph-messages';

const phone = { phone: '+55 (11) 98765-4321' };

describe('messageBody', () => {
  it('sends a text to a phone as +digits, with ref and quoted reply', () => {
    expect(
      messageBody({
        to: phone,
        type: 'text',
        text: 'Oi',
        previewUrl: true,
        ref: 'msg-1',
        replyTo: 'wamid.Q',
      }),
    ).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+5511987654321',
      context: { message_id: 'wamid.Q' },
      biz_opaque_callback_data: 'msg-1',
      type: 'text',
      text: { body: 'Oi', preview_url: true },
    });
  });

  it('sends to a BSUID through recipient, never to', () => {
    const body = messageBody({
      to: { userId: 'BR.1502576394655843' },
      type: 'audio',
      mediaId: 'm1',
    });
    expect(body.recipient).toBe('BR.1502576394655843');
    expect(body).not.toHaveProperty('to');
    expect(body.audio).toEqual({ id: 'm1' });
  });

  it('cuts text, captions and interactive parts to Meta limits, by characters', () => {
    const long = messageBody({ to: phone, type: 'text', text: '😀'.repeat(5000) });
    expect(Array.from((long.text as { body: string }).body)).toHaveLength(4096);
    const doc = messageBody({
      to: phone,
      type: 'document',
      mediaId: 'm',
      filename: 'a.pdf',
      caption: 'c'.repeat(2000),
    });
    expect((doc.document as { caption: string }).caption).toHaveLength(1024);
    expect(doc.document).toMatchObject({ id: 'm', filename: 'a.pdf' });
    const buttons = messageBody({
      to: phone,
      type: 'buttons',
      body: 'b'.repeat(2000),
      footer: 'f'.repeat(100),
      buttons: [{ id: 'yes', title: 'Sim, quero confirmar agora mesmo' }],
    });
    expect(buttons).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'b'.repeat(1024) },
        footer: { text: 'f'.repeat(60) },
        action: {
          buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Sim, quero confirmar' } }],
        },
      },
    });
    const list = messageBody({
      to: phone,
      type: 'list',
      body: 'Escolha',
      button: 'Ver opções do cardápio de hoje',
      rows: [{ id: 'r1', title: 'x'.repeat(30), description: 'd'.repeat(100) }],
    });
    expect(list.interactive).toEqual({
      type: 'list',
      body: { text: 'Escolha' },
      action: {
        button: 'Ver opções do cardáp',
        sections: [{ rows: [{ id: 'r1', title: 'x'.repeat(24), description: 'd'.repeat(72) }] }],
      },
    });
  });

  it('builds a template with positional body parameters', () => {
    expect(
      messageBody({
        to: phone,
        type: 'template',
        name: 'order_update',
        language: 'pt_BR',
        bodyParams: ['Ana', '42'],
      }).template,
    ).toEqual({
      name: 'order_update',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '42' },
          ],
        },
      ],
    });
  });

  it('refuses what no cut can fix: button counts, row counts, empty text, long refs, bad phones', () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof GatewayError ? err.code : 'other';
      }
      return 'sent';
    };
    const b = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, title: 't' }));
    expect(
      refused(() => messageBody({ to: phone, type: 'buttons', body: 'x', buttons: b(4) })),
    ).toBe('CLOUD_BAD_REQUEST');
    expect(refused(() => messageBody({ to: phone, type: 'buttons', body: 'x', buttons: [] }))).toBe(
      'CLOUD_BAD_REQUEST',
    );
    expect(
      refused(() => messageBody({ to: phone, type: 'list', body: 'x', button: 'b', rows: b(11) })),
    ).toBe('CLOUD_BAD_REQUEST');
    expect(refused(() => messageBody({ to: phone, type: 'text', text: '  ' }))).toBe(
      'CLOUD_BAD_REQUEST',
    );
    expect(
      refused(() => messageBody({ to: phone, type: 'text', text: 'x', ref: 'r'.repeat(513) })),
    ).toBe('CLOUD_BAD_REQUEST');
    expect(refused(() => messageBody({ to: { phone: '123' }, type: 'text', text: 'x' }))).toBe(
      'CLOUD_BAD_REQUEST',
    );
    expect(
      refused(() => messageBody({ to: phone, type: 'text', text: 'x', ref: 'r'.repeat(512) })),
    ).toBe('sent');
  });
});

describe('clip', () => {
  it('keeps short text and never splits a surrogate pair', () => {
    expect(clip('abc', 5)).toBe('abc');
    expect(clip('a😀b', 2)).toBe('a😀');
  });
});
