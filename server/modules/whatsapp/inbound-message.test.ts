import { describe, expect, it } from 'vitest';
import { classifyUpsert } from './inbound-message';

const base = (
  key: Record<string, unknown>,
  message: Record<string, unknown>,
  messageType: string,
) => ({
  key: { id: '3EB0ABC', fromMe: false, ...key },
  pushName: 'Alice',
  message,
  messageType,
  messageTimestamp: 1795317430,
});

const text = (remoteJid: string, extra: Record<string, unknown> = {}) =>
  base({ remoteJid, ...extra }, { conversation: 'Oi, tudo bem?' }, 'conversation');

describe('classifyUpsert', () => {
  it('reads a text message and keys the contact by canonical phone', () => {
    const result = classifyUpsert(text('553187654321@s.whatsapp.net'), { allowGroups: false });
    expect(result).toMatchObject({
      id: '3EB0ABC',
      fromMe: false,
      replyJid: '553187654321@s.whatsapp.net',
      contactKey: '5531987654321',
      contactPhone: '5531987654321',
      pushName: 'Alice',
      timestamp: 1795317430,
      content: { kind: 'text', text: 'Oi, tudo bem?' },
    });
  });

  it('answers an @lid sender at the phone number from remoteJidAlt', () => {
    const result = classifyUpsert(
      text('184467440737095@lid', {
        remoteJidAlt: '5511987654321@s.whatsapp.net',
        addressingMode: 'lid',
      }),
      { allowGroups: false },
    );
    expect(result).toMatchObject({
      replyJid: '5511987654321@s.whatsapp.net',
      contactKey: '5511987654321',
    });
  });

  it('keeps an @lid sender without a phone as its own contact', () => {
    const result = classifyUpsert(text('184467440737095@lid'), { allowGroups: false });
    expect(result).toMatchObject({
      replyJid: '184467440737095@lid',
      contactKey: '184467440737095@lid',
      contactPhone: null,
    });
  });

  it.each([
    ['status@broadcast', 'status'],
    ['120363025@newsletter', 'newsletter'],
    ['120363025246125888@g.us', 'group'],
  ])('ignores %s', (jid, reason) => {
    expect(classifyUpsert(text(jid), { allowGroups: false })).toEqual({ ignored: reason });
  });

  it('takes group messages when the agent allows groups', () => {
    const result = classifyUpsert(
      text('120363025246125888@g.us', { participant: '5511987654321@s.whatsapp.net' }),
      {
        allowGroups: true,
      },
    );
    expect(result).toMatchObject({ contactKey: '120363025246125888@g.us' });
  });

  it('ignores reactions, protocol messages and empty text', () => {
    const jid = '5511987654321@s.whatsapp.net';
    expect(
      classifyUpsert(
        base({ remoteJid: jid }, { reactionMessage: { text: '👍' } }, 'reactionMessage'),
        { allowGroups: false },
      ),
    ).toEqual({ ignored: 'reaction' });
    expect(
      classifyUpsert(base({ remoteJid: jid }, { protocolMessage: {} }, 'protocolMessage'), {
        allowGroups: false,
      }),
    ).toEqual({ ignored: 'protocol' });
    expect(
      classifyUpsert(base({ remoteJid: jid }, { conversation: '  ' }, 'conversation'), {
        allowGroups: false,
      }),
    ).toEqual({ ignored: 'empty' });
    expect(classifyUpsert({ nope: true }, { allowGroups: false })).toEqual({ ignored: 'invalid' });
  });

  it('recognises audio and image (with inline base64) and other media as unsupported', () => {
    const jid = '5511987654321@s.whatsapp.net';
    expect(
      classifyUpsert(
        base(
          { remoteJid: jid },
          { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true }, base64: 'T2dnUw==' },
          'audioMessage',
        ),
        { allowGroups: false },
      ),
    ).toMatchObject({
      content: { kind: 'audio', base64: 'T2dnUw==', mimetype: 'audio/ogg; codecs=opus' },
    });
    expect(
      classifyUpsert(
        base(
          { remoteJid: jid },
          { imageMessage: { mimetype: 'image/jpeg', caption: ' cardápio? ' } },
          'imageMessage',
        ),
        { allowGroups: false },
      ),
    ).toMatchObject({ content: { kind: 'image', base64: null, caption: 'cardápio?' } });
    expect(
      classifyUpsert(base({ remoteJid: jid }, { stickerMessage: {} }, 'stickerMessage'), {
        allowGroups: false,
      }),
    ).toMatchObject({ content: { kind: 'unsupported', messageType: 'stickerMessage' } });
  });
});
