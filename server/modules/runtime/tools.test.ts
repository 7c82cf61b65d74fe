import { describe, expect, it } from 'vitest';
import { buildTools, calculate } from './tools';

describe('calculate', () => {
  it.each([
    ['2 + 3 * 4', '14'],
    ['3 * 49.9', '149.7'],
    ['sqrt(16)', '4'],
    ['10 / 4', '2.5'],
    ['15% * 200', '30'],
  ])('%s = %s', async (expression, expected) => {
    expect(await calculate(expression)).toBe(expected);
  });

  it.each(['import({}, {})', 'evaluate("1+1")', 'parse("1+1")', 'createUnit("x")', 'f(x) = x; f'])(
    'refuses code-level features: %s',
    async (expression) => {
      await expect(calculate(expression)).rejects.toThrow();
    },
  );

  it('refuses absurdly long input', async () => {
    await expect(calculate('1+'.repeat(300) + '1')).rejects.toThrow(/too long/);
  });
});

describe('buildTools', () => {
  it('exposes only the tools the agent enables', () => {
    expect(Object.keys(buildTools({ tools: [] }, [], { allowPrivate: false }))).toEqual([]);
    expect(
      Object.keys(buildTools({ tools: ['calculator', 'web_search'] }, [], { allowPrivate: false })),
    ).toEqual(['calculator']);
    const withApi = buildTools(
      { tools: [] },
      [{ name: 'Estoque da Loja', url: 'https://api.loja.com.br', authType: 'bearer' }],
      { allowPrivate: false },
    );
    expect(Object.keys(withApi)).toEqual(['api_estoque_da_loja']);
  });
});
