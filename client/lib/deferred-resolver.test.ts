import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { deferredResolver } from '@/lib/deferred-resolver';

type Values = { name: string };

const accepting: Resolver<Values, unknown, Values> = (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('deferredResolver', () => {
  it('fetches the resolver once, on preload or the first validation, and validates with it', async () => {
    let loads = 0;
    const resolver = deferredResolver<Values, Values>(async () => {
      loads += 1;
      return accepting;
    });
    expect(loads).toBe(0);
    resolver.preload();
    resolver.preload();
    const result = await resolver({ name: 'Padaria' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Padaria' }, errors: {} });
    await resolver({ name: 'Padaria' }, undefined, options);
    expect(loads).toBe(1);
  });

  it('tries again after a failed fetch', async () => {
    let loads = 0;
    const resolver = deferredResolver<Values, Values>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return accepting;
    });
    await expect(resolver({ name: 'a' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'a' }, undefined, options)).resolves.toEqual({
      values: { name: 'a' },
      errors: {},
    });
    expect(loads).toBe(2);
  });
});
