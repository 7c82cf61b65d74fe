import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { callCostBrl, modelPrices } from './pricing';

describe('model prices', () => {
  it('prices a call at the table and the exchange rate; an unknown model costs nothing', () => {
    const config = loadConfig({ USD_BRL_RATE: '5' });
    // 1M input tokens of gpt-4o-mini at US$0.15 and 1M output at US$0.60, at R$5 per dollar
    const cost = callCostBrl(config, {
      model: 'gpt-4o-mini',
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
    });
    expect(cost).toBeCloseTo(3.75, 10);
    expect(callCostBrl(config, { model: 'offline', inputTokens: 500, outputTokens: 500 })).toBe(0);
  });

  it("takes the operator's prices over the built-in ones, and adds models", () => {
    const config = loadConfig({ MODEL_PRICES_USD: '{"gpt-4o":[1,2],"llama-3":[0.1,0.2]}' });
    const prices = modelPrices(config);
    expect(prices.find((p) => p.model === 'gpt-4o')).toEqual({
      model: 'gpt-4o',
      inputUsdPerMillion: 1,
      outputUsdPerMillion: 2,
    });
    expect(prices.some((p) => p.model === 'llama-3')).toBe(true);
    expect(prices.some((p) => p.model === 'gpt-4o-mini')).toBe(true);
  });

  it('refuses a price table that is not JSON of [input, output] pairs, naming the variable', () => {
    expect(() => loadConfig({ MODEL_PRICES_USD: 'gpt-4o=1' })).toThrow(/MODEL_PRICES_USD/);
    expect(() => loadConfig({ MODEL_PRICES_USD: '{"gpt-4o":[1]}' })).toThrow(/MODEL_PRICES_USD/);
    expect(() => loadConfig({ TZ_DEFAULT: 'Mars/Olympus' })).toThrow(/TZ_DEFAULT/);
    expect(loadConfig({}).TZ_DEFAULT).toBe('America/Sao_Paulo');
  });
});
