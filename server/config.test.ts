import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults listed in the README', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:5000',
      DATA_DIR: './data',
      ROLE: 'all',
      OUTBOUND_ALLOW_PRIVATE: false,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(config.EVOLUTION_API_URL).toBeUndefined();
    expect(config.MERCADOPAGO_ACCESS_TOKEN).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://app.exemplo.com.br/' }).PUBLIC_URL).toBe(
      'https://app.exemplo.com.br',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('parses the boolean switch', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: 'true' }).OUTBOUND_ALLOW_PRIVATE).toBe(true);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: '0' }).OUTBOUND_ALLOW_PRIVATE).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or by address', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
  });

  it('says what TRUST_PROXY takes and which entry is wrong', () => {
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.internal' })).toThrow(
      /TRUST_PROXY: must be a hop count or a comma-separated list of IP addresses or CIDR ranges .*"proxy\.internal"/,
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['ROLE', 'leader'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['APP_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['OUTBOUND_ALLOW_PRIVATE', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '127.0.0.1,proxy.internal'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('names the bad variable %s in a clear error', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment configuration:\\n  ${name}:`),
    );
  });
});
