import { describe, expect, it } from 'vitest';
import { WEBCHAT_DEFAULTS, WEBCHAT_TEXTS } from '../../common/webchat-defaults';
import { parseConfig, readJson } from './config';

const script = 'https://app.exemplo.com/widget.js?v=abc';
const KEY = 'Xk3_9aQ-Lm2ZpR7tVb0cYw4nHs8dJe1F';

describe('the widget’s embed config', () => {
  it('fills every option with its default', () => {
    const c = parseConfig({}, KEY, script)!;
    expect(c).toEqual({
      agentKey: KEY,
      apiUrl: 'https://app.exemplo.com',
      primaryColor: WEBCHAT_DEFAULTS.primaryColor,
      accentColor: WEBCHAT_DEFAULTS.accentColor,
      borderRadius: 16,
      position: 'bottom-right',
      title: 'Atendimento',
      subtitle: WEBCHAT_DEFAULTS.subtitle,
      placeholder: WEBCHAT_DEFAULTS.placeholder,
      greeting: WEBCHAT_DEFAULTS.greeting,
      width: 380,
      height: 560,
      containerId: '',
      texts: WEBCHAT_TEXTS,
      whatsappNumber: '',
    });
  });

  it('keeps a WhatsApp number only as 10 to 15 digits', () => {
    expect(parseConfig({ whatsappNumber: '5511987654321' }, KEY, script)!.whatsappNumber).toBe(
      '5511987654321',
    );
    for (const bad of ['11 98765-4321', 'javascript:alert(1)', '123', 42]) {
      expect(parseConfig({ whatsappNumber: bad }, KEY, script)!.whatsappNumber).toBe('');
    }
  });

  it('takes valid values and the text overrides', () => {
    const c = parseConfig(
      {
        apiUrl: 'https://api.exemplo.com/base/',
        theme: { primaryColor: '#112233', accentColor: '#445566', borderRadius: 4 },
        position: 'bottom-left',
        title: 'Loja',
        texts: { send: 'Mandar', unknown: 'x' },
        containerId: 'chat',
      },
      KEY,
      script,
    )!;
    expect(c).toMatchObject({
      apiUrl: 'https://api.exemplo.com/base',
      primaryColor: '#112233',
      borderRadius: 4,
      position: 'bottom-left',
      title: 'Loja',
      containerId: 'chat',
    });
    expect(c.texts.send).toBe('Mandar');
    expect(c.texts.close).toBe(WEBCHAT_TEXTS.close);
    expect(c.texts).not.toHaveProperty('unknown');
  });

  it('refuses CSS injection and out-of-range numbers, falling back to defaults', () => {
    const c = parseConfig(
      {
        apiUrl: 'javascript:alert(1)',
        theme: { primaryColor: 'red;}body{display:none', borderRadius: 1e9 },
        width: 'wide',
        height: 10,
        position: 'top-center',
      },
      KEY,
      script,
    )!;
    expect(c.primaryColor).toBe(WEBCHAT_DEFAULTS.primaryColor);
    expect(c.borderRadius).toBe(32);
    expect(c.width).toBe(380);
    expect(c.height).toBe(360);
    expect(c.position).toBe('bottom-right');
    expect(c.apiUrl).toBe('https://app.exemplo.com');
  });

  it('needs an agent key as the platform makes them, not an agent id', () => {
    expect(parseConfig({}, undefined, script)).toBeNull();
    expect(parseConfig({}, '', script)).toBeNull();
    expect(parseConfig({}, '12', script)).toBeNull();
    expect(parseConfig({}, 12, script)).toBeNull();
    expect(parseConfig({}, KEY.slice(1), script)).toBeNull();
    expect(parseConfig({}, `${KEY.slice(1)}/`, script)).toBeNull();
    expect(parseConfig({}, { key: KEY }, script)).toBeNull();
  });

  it('reads a malformed data-config as empty', () => {
    expect(readJson('{oops')).toEqual({});
    expect(readJson(null)).toEqual({});
    expect(readJson('{"title":"A"}')).toEqual({ title: 'A' });
  });
});
