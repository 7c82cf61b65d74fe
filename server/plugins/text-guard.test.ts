import { describe, expect, it } from 'vitest';
import { inspectInput, isStorableText, MAX_INPUT_DEPTH, storableText } from './text-guard';

describe('text guard', () => {
  it('tells storable text from NUL and lone surrogates, and repairs them', () => {
    expect(isStorableText('Olá, pão de queijo 🧀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\udc00a')).toBe(false);
    expect(storableText('a\u0000b\ud800')).toBe('ab\ufffd');
  });

  it('finds the first bad string or key with its path', () => {
    expect(inspectInput({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'refuse')).toEqual({
      kind: 'text',
      path: 'a.1.c',
    });
    expect(inspectInput({ 'k\u0000': 1 }, 'refuse')).toEqual({ kind: 'text', path: 'k\u0000' });
    expect(inspectInput({ a: 'fine', b: [1, null, true] }, 'refuse')).toBeNull();
  });

  it('repairs in place when normalising, keys included', () => {
    const body = { data: { text: 'oi\u0000', list: ['\ud800'] }, 'k\u0000': 'v' };
    expect(inspectInput(body, 'normalise')).toBeNull();
    expect(body).toEqual({ data: { text: 'oi', list: ['\ufffd'] }, k: 'v' });
  });

  it('refuses nesting past the limit without exhausting the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inspectInput(deep, 'refuse')).toMatchObject({ kind: 'depth' });
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) ok = { a: ok };
    expect(inspectInput(ok, 'refuse')).toBeNull();
  });
});
