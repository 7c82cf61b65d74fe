import { describe, expect, it } from 'vitest';
import { deferred } from '@/lib/deferred';

describe('deferred', () => {
  it('fetches once, on preload or the first call, and hands every caller the same value', async () => {
    let loads = 0;
    const value = deferred(async () => {
      loads += 1;
      return { name: 'Padaria' };
    });
    expect(loads).toBe(0);
    value.preload();
    value.preload();
    const first = await value();
    expect(first).toEqual({ name: 'Padaria' });
    expect(await value()).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries again after a failed fetch', async () => {
    let loads = 0;
    const value = deferred(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return 'ok';
    });
    await expect(value()).rejects.toThrow('offline');
    await expect(value()).resolves.toBe('ok');
    expect(loads).toBe(2);
  });

  it('a failed preload is tried again on the next call, without an unhandled rejection', async () => {
    let loads = 0;
    const value = deferred(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return 'ok';
    });
    value.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(value()).resolves.toBe('ok');
    expect(loads).toBe(2);
  });
});
