import {
  DEFAULT_WHATSAPP_SETTINGS,
  UNSUPPORTED_MESSAGE_MAX,
  VOICE_REPLY_MODES,
} from '@common/schemas/whatsapp';
import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from '@/features/whatsapp/lib/settings-form';

describe('WhatsApp behaviour form', () => {
  it('round-trips the defaults', () => {
    const values = toFormValues(DEFAULT_WHATSAPP_SETTINGS);
    expect(values.debounceSeconds).toBe('4');
    expect(fromFormValues(values)).toEqual({ ok: true, settings: DEFAULT_WHATSAPP_SETTINGS });
  });

  it('keeps each voice-reply mode as chosen, off by default', () => {
    expect(toFormValues(DEFAULT_WHATSAPP_SETTINGS).voiceReply).toBe('off');
    for (const mode of VOICE_REPLY_MODES) {
      const values = toFormValues({ ...DEFAULT_WHATSAPP_SETTINGS, voiceReply: mode });
      expect(values.voiceReply).toBe(mode);
      expect(fromFormValues(values)).toMatchObject({ ok: true, settings: { voiceReply: mode } });
    }
  });

  it('reads comma lists, decimal commas and an empty text as the default message', () => {
    const values = {
      ...toFormValues(DEFAULT_WHATSAPP_SETTINGS),
      pauseKeywords: ' #pausar , atendente humano,',
      debounceSeconds: '2,5',
      unsupportedMessage: '   ',
    };
    const result = fromFormValues(values);
    expect(result).toMatchObject({
      ok: true,
      settings: {
        pauseKeywords: ['#pausar', 'atendente humano'],
        debounceMs: 2500,
        unsupportedMessage: null,
      },
    });
  });

  it('refuses values the server would refuse', () => {
    const values = {
      ...toFormValues(DEFAULT_WHATSAPP_SETTINGS),
      takeoverMinutes: '0',
      debounceSeconds: '31',
    };
    expect(fromFormValues(values)).toEqual({
      ok: false,
      errors: { takeoverMinutes: 'takeoverMinutes', debounceSeconds: 'debounceSeconds' },
    });
  });

  it('refuses keyword lists and a message past the shared schema limits', () => {
    const values = {
      ...toFormValues(DEFAULT_WHATSAPP_SETTINGS),
      pauseKeywords: Array.from({ length: 11 }, (_, i) => `#p${i}`).join(', '),
      resumeKeywords: 'x'.repeat(41),
      unsupportedMessage: 'x'.repeat(UNSUPPORTED_MESSAGE_MAX + 1),
    };
    expect(fromFormValues(values)).toEqual({
      ok: false,
      errors: {
        pauseKeywords: 'keywords',
        resumeKeywords: 'keywords',
        unsupportedMessage: 'unsupportedMessage',
      },
    });
  });
});
