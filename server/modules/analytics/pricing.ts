import type { ModelPrice } from '@common/schemas/analytics';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';

/**
 * What a model call costs. Every call's tokens are recorded (`usage_records`); its cost
 * is those tokens at the model's price, in US dollars per million tokens, times the operator's
 * exchange rate (`USD_BRL_RATE`, reais per dollar). The table below holds the providers' list
 * prices of the models the product offers and their usual neighbours; the operator adds or
 * overrides models with `MODEL_PRICES_USD`. A model in neither (the offline provider, a model of
 * the owner's own provider we do not know) costs nothing here: the owner pays that provider, not
 * us, and an invented price would be wrong.
 */

/** List prices, US dollars per million tokens (input, output), as published by OpenAI. */
export const BUILT_IN_PRICES: Readonly<Record<string, readonly [number, number]>> = {
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-4.1-nano': [0.1, 0.4],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1': [2, 8],
  'gpt-4-turbo': [10, 30],
  'gpt-4': [30, 60],
  'gpt-3.5-turbo': [0.5, 1.5],
  'o4-mini': [1.1, 4.4],
  'o3-mini': [1.1, 4.4],
  'text-embedding-3-small': [0.02, 0],
  'text-embedding-3-large': [0.13, 0],
};

/** The price table in force: the built-in one with the operator's entries over it. */
export function modelPrices(config: Pick<Config, 'MODEL_PRICES_USD'>): ModelPrice[] {
  const table = { ...BUILT_IN_PRICES, ...config.MODEL_PRICES_USD };
  return Object.entries(table)
    .map(([model, [input, output]]) => ({
      model,
      inputUsdPerMillion: input,
      outputUsdPerMillion: output,
    }))
    .sort((a, b) => a.model.localeCompare(b.model));
}

/** One call's cost in reais. */
export function callCostBrl(
  config: Pick<Config, 'MODEL_PRICES_USD' | 'USD_BRL_RATE'>,
  call: { model: string; inputTokens: number; outputTokens: number },
): number {
  const price = modelPrices(config).find((p) => p.model === call.model);
  if (!price) return 0;
  const usd =
    (call.inputTokens * price.inputUsdPerMillion + call.outputTokens * price.outputUsdPerMillion) /
    1_000_000;
  return usd * config.USD_BRL_RATE;
}

/**
 * The cost in reais of the `usage_records` rows a query reads, as an SQL expression over the
 * alias `alias` (e.g. `sum(${costBrlSql(config, 'u')})`): the prices go in as a VALUES list, so a
 * sum over thousands of calls is one statement.
 */
export function costBrlSql(
  config: Pick<Config, 'MODEL_PRICES_USD' | 'USD_BRL_RATE'>,
  alias: string,
): SQL {
  const prices = modelPrices(config);
  const rows = sql.join(
    prices.map(
      (p) =>
        sql`(${p.model}::text, ${p.inputUsdPerMillion}::float8, ${p.outputUsdPerMillion}::float8)`,
    ),
    sql`, `,
  );
  const u = sql.raw(`"${alias.replace(/"/g, '')}"`);
  return sql`coalesce((SELECT (${u}.input_tokens * p.i + ${u}.output_tokens * p.o) / 1e6 * ${config.USD_BRL_RATE}::float8
    FROM (VALUES ${rows}) AS p(m, i, o) WHERE p.m = ${u}.model), 0)`;
}
