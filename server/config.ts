import { z } from 'zod';

/** The environment contract. Every name here is binding and documented in README.md. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url().optional();

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'] as const;
const proxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_PRESETS)]);

/**
 * Who may set X-Forwarded-For/-Proto: a hop count, or the proxies' addresses and ranges (also
 * proxy-addr's names loopback, linklocal, uniquelocal), as Fastify's `trustProxy` takes them.
 * Never `true`: trusting every sender lets any client pick its address and so walk around every
 * per-address limit.
 */
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10 (unset trusts nobody)' });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !proxyAddress.safeParse(entry).success);
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      `must be a hop count or a comma-separated list of IP addresses or CIDR ranges ` +
      `(e.g. 10.0.0.5,192.168.0.0/16); not valid: ${bad.map((b) => `"${b}"`).join(', ')}`,
  });
  return z.NEVER;
});

/** An IANA time zone the runtime knows (e.g. America/Sao_Paulo). */
export const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as America/Sao_Paulo');

const price = z.number().min(0).max(10_000);
/** `{"model": [inputUsdPerMillion, outputUsdPerMillion]}` */
const modelPrices = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().min(1).max(100), z.tuple([price, price])));

/** `{"BR": {"marketing": 0.0625, …}}`: a market's fee per message, per pricing category */
const whatsappPrices = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^([A-Z]{2}|\*)$/, 'markets are two-letter country codes or *'),
      z.record(z.string().min(1).max(40), z.number().min(0).max(10)),
    ),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: optionalUrl,
  EVOLUTION_API_URL: optionalUrl,
  EVOLUTION_API_KEY: z.string().min(1).optional(),
  /** time-out of one call to a WhatsApp gateway (the operator's or a user-registered one) */
  EVOLUTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The official WhatsApp Business Platform (Cloud API): the operator's Meta app (Embedded Signup
   * needs META_APP_ID, META_APP_SECRET and META_CONFIG_ID; the webhook checks signatures with
   * META_APP_SECRET and answers Meta's handshake with META_VERIFY_TOKEN). None set: the built-in
   * simulator plays Meta, so the flow works offline.
   */
  META_APP_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the app id (digits)')
    .optional(),
  META_APP_SECRET: z.string().min(16, 'must be the app secret').optional(),
  META_CONFIG_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the configuration id (digits)')
    .optional(),
  META_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  /** the Graph API with its version; unset: Meta's (or the built-in simulator when no Meta app) */
  GRAPH_API_URL: z
    .url()
    .regex(/\/v\d+\.\d+\/?$/, 'must end with the Graph API version, e.g. /v25.0')
    .optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  MERCADOPAGO_API_URL: optionalUrl,
  /** sales team's WhatsApp number (digits, with country code) for the consultoria contact link */
  SALES_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\+?[0-9 ()-]{10,20}$/, 'must be a phone number')
    .optional(),
  OUTBOUND_ALLOW_PRIVATE: booleanFlag.default(false),
  /** reverse proxies whose X-Forwarded-* are believed; unset = the socket address counts */
  TRUST_PROXY: trustProxy.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** WhatsApp replies: longest humanised "typing…" pause per part (0 = none; tests, benchmarks) */
  WHATSAPP_TYPING_DELAY_MS: z.coerce.number().int().min(0).max(20_000).default(4000),
  /** WhatsApp replies: first retry delay after a model or gateway failure (doubles each time) */
  WHATSAPP_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  /** GET /api/events: a comment line this often keeps proxies from closing a quiet stream */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** document extraction process: V8 heap limit; past it the process dies and the job retries once */
  DOCUMENT_WORKER_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(512),
  /** wall time of one document's extraction and chunking */
  DOCUMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DOCUMENT_MAX_PDF_PAGES: z.coerce.number().int().min(1).default(2000),
  /** DOCX/XLSX: sum of the sizes their zip directory declares, checked before inflating */
  DOCUMENT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(4096).default(100),
  /** DOCX/XLSX: unpacked/packed size of any one entry over 1 MB unpacked */
  DOCUMENT_MAX_COMPRESSION_RATIO: z.coerce.number().int().min(2).default(100),
  DOCUMENT_MAX_XLSX_CELLS: z.coerce.number().int().min(1).default(200_000),
  DOCUMENT_MAX_TEXT_CHARS: z.coerce.number().int().min(1).default(20_000_000),
  /** the time zone of new owners (day boundaries of reports); each owner can change theirs */
  TZ_DEFAULT: timeZone.default('America/Sao_Paulo'),
  /**
   * Reports' cost: the price of models the built-in table lacks or prices otherwise, in US dollars
   * per million tokens — JSON `{"model": [input, output], …}` (see analytics/pricing.ts)
   */
  MODEL_PRICES_USD: modelPrices.optional(),
  /**
   * Reports' cost of the official WhatsApp line: Meta's fee per billable message in US dollars,
   * by market and category — JSON `{"BR": {"marketing": 0.0625, "utility": 0.0068, …}, …}` over
   * the built-in table (see analytics/whatsapp-fees.ts)
   */
  WHATSAPP_PRICES_USD: whatsappPrices.optional(),
  /** Reports' cost: reais per US dollar */
  USD_BRL_RATE: z.coerce.number().positive().max(1000).default(5.4),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty strings count as unset, so `FOO=` in a shell behaves like no FOO at all. */
function clean(source: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(clean(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, PUBLIC_URL: publicUrl };
}
