import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskSecret, resolveAppSecret, SecretBox } from './secrets';
import { testTempDir } from '../test/temp-dir';

describe('SecretBox', () => {
  const box = new SecretBox('a'.repeat(40));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.encrypt('sk-live-123456');
    expect(sealed).not.toContain('sk-live');
    expect(box.decrypt(sealed)).toBe('sk-live-123456');
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('rejects tampered ciphertext and another key', () => {
    const sealed = box.encrypt('segredo');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('outra coisa').toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => new SecretBox('b'.repeat(40)).decrypt(sealed)).toThrow();
  });
});

describe('resolveAppSecret', () => {
  it('generates a secret once into DATA_DIR and reuses it', () => {
    const dir = testTempDir('aab-secret-');
    const first = resolveAppSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(resolveAppSecret(undefined, dir)).toBe(first);
    expect(resolveAppSecret('c'.repeat(32), dir)).toBe('c'.repeat(32));
  });
});

describe('maskSecret', () => {
  it('shows only the ends', () => {
    expect(maskSecret('sk-abcdefghijklmnop')).toBe('sk-a••••mnop');
    expect(maskSecret('short')).toBe('••••');
  });
});
