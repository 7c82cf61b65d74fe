import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { queryRows, type AppDb } from '../../db/client';

/**
 * What Meta charges for the official WhatsApp line's messages. Meta bills per message delivered,
 * by pricing category and the recipient's market; its status webhooks say, for each message we
 * sent, the category and whether it is billable (`type` 'regular'; a free service reply or a
 * utility template inside the customer's 24 hours says otherwise) — stored on the message
 * (`messages.channel_pricing`). The reports price those at this table, in US dollars per
 * message, times USD_BRL_RATE. Brazil's rates are built in (Meta's rate card, January 2026);
 * the operator overrides or adds markets with WHATSAPP_PRICES_USD; a market in neither is
 * priced as Brazil (`*`), the one market this product sells in.
 */
export const BUILT_IN_WHATSAPP_PRICES_USD: Readonly<
  Record<string, Readonly<Record<string, number>>>
> = {
  BR: { marketing: 0.0625, utility: 0.0068, authentication: 0.0068, service: 0.0068 },
};

/** The table in force: market → category → US dollars per billable message. */
export function whatsappPrices(config: Pick<Config, 'WHATSAPP_PRICES_USD'>) {
  const table: Record<string, Record<string, number>> = {};
  for (const [market, prices] of Object.entries({
    ...BUILT_IN_WHATSAPP_PRICES_USD,
    ...config.WHATSAPP_PRICES_USD,
  })) {
    table[market] = { ...prices };
  }
  table['*'] ??= { ...table.BR! };
  return table;
}

/** One message's fee in reais: 0 unless Meta said it is billable. */
export function messageFeeBrl(
  config: Pick<Config, 'WHATSAPP_PRICES_USD' | 'USD_BRL_RATE'>,
  pricing: { category: string | null; type: string | null; country: string | null },
): number {
  if (pricing.type !== 'regular' || !pricing.category) return 0;
  const table = whatsappPrices(config);
  const usd =
    table[pricing.country ?? '*']?.[pricing.category] ?? table['*']?.[pricing.category] ?? 0;
  return usd * config.USD_BRL_RATE;
}

/** The fees of the owner's billable messages in [lo, hi), per local day and agent. */
export async function whatsappFees(
  db: AppDb,
  config: Pick<Config, 'WHATSAPP_PRICES_USD' | 'USD_BRL_RATE'>,
  s: {
    ownerId: number;
    timezone: string;
    lo: SQL;
    hi: SQL;
    agentId?: number | undefined;
    channel?: string | undefined;
  },
): Promise<{ day: string; agentId: number; name: string; costBrl: number; messages: number }[]> {
  if (s.channel !== undefined && s.channel !== 'whatsapp') return [];
  const prices = Object.entries(whatsappPrices(config)).flatMap(([market, row]) =>
    Object.entries(row).map(
      ([category, usd]) => sql`(${market}::text, ${category}::text, ${usd}::float8)`,
    ),
  );
  const rows = await queryRows<{
    day: string;
    agentId: number;
    name: string;
    n: string | number;
    usd: string | number | null;
  }>(
    db,
    sql`WITH billed AS (
      SELECT to_char((m.created_at AT TIME ZONE ${s.timezone})::date, 'YYYY-MM-DD') AS day, c.agent_id, a.name,
        m.channel_pricing->>'category' AS category, coalesce(m.channel_pricing->>'country', '*') AS market
      FROM messages m
      JOIN conversations c ON c.id = m.conversation_id
      JOIN agents a ON a.id = c.agent_id AND a.owner_id = ${s.ownerId}
      WHERE m.channel_pricing IS NOT NULL AND m.channel_pricing->>'type' = 'regular'
        AND m.created_at >= ${s.lo} AND m.created_at < ${s.hi}
        ${s.agentId === undefined ? sql`` : sql`AND c.agent_id = ${s.agentId}`}
    ), prices(market, category, usd) AS (VALUES ${sql.join(prices, sql`, `)})
    SELECT b.day AS "day", b.agent_id AS "agentId", b.name AS "name", count(*) AS n,
      sum(coalesce(p.usd, star.usd, 0)) AS usd
    FROM billed b
    LEFT JOIN prices p ON p.market = b.market AND p.category = b.category
    LEFT JOIN prices star ON star.market = '*' AND star.category = b.category
    GROUP BY 1, 2, 3`,
  );
  return rows.map((r) => ({
    day: r.day,
    agentId: Number(r.agentId),
    name: r.name,
    messages: Number(r.n),
    costBrl: Number(r.usd ?? 0) * config.USD_BRL_RATE,
  }));
}
