import { z } from 'zod';

/**
 * Schemas of the gateway's REST answers we rely on. Loose objects: only the fields the product
 * reads are checked, the rest passes through untouched.
 */

/** QR object of create/connect: fields still undefined are left out; offline only `{count:0}`. */
export const qrSchema = z.looseObject({
  pairingCode: z.string().nullish(),
  code: z.string().nullish(),
  base64: z.string().nullish(),
  count: z.number().optional(),
});
export type GatewayQr = z.infer<typeof qrSchema>;

export const instanceStateSchema = z.looseObject({
  instance: z.looseObject({ instanceName: z.string(), state: z.string() }),
});

/** HTTP 200 with `{error:true, message}` — connect's (and restart's) way to fail. */
export const inBandErrorSchema = z.looseObject({ error: z.literal(true), message: z.unknown() });

export const createInstanceResponseSchema = z.looseObject({
  instance: z.looseObject({
    instanceName: z.string(),
    instanceId: z.string().nullish(),
    integration: z.string().nullish(),
    status: z.string().nullish(),
  }),
  // 2.x returns the token as a string; early 2.0 builds sent {apikey}.
  hash: z.union([z.string(), z.looseObject({ apikey: z.string() })]),
  qrcode: qrSchema.optional(),
});

export const fetchedInstanceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  connectionStatus: z.string(),
  ownerJid: z.string().nullish(),
  profileName: z.string().nullish(),
  integration: z.string().nullish(),
  number: z.string().nullish(),
  token: z.string().nullish(),
});
export type FetchedInstance = z.infer<typeof fetchedInstanceSchema>;
export const fetchInstancesResponseSchema = z.array(fetchedInstanceSchema);

export const statusResponseSchema = z.looseObject({
  status: z.string(),
  error: z.boolean(),
});

/** The stored webhook row. `/webhook/find` may answer the literal body `null`. */
export const webhookRowSchema = z.looseObject({
  url: z.string(),
  enabled: z.boolean(),
  events: z.array(z.string()),
  headers: z.record(z.string(), z.unknown()).nullish(),
  webhookByEvents: z.boolean(),
  webhookBase64: z.boolean(),
});
export type WebhookRow = z.infer<typeof webhookRowSchema>;

export const presenceResponseSchema = z.looseObject({ presence: z.string() });

export const mediaBase64ResponseSchema = z.looseObject({
  mediaType: z.string(),
  fileName: z.string().nullish(),
  caption: z.string().nullish(),
  mimetype: z.string(),
  base64: z.string(),
});
export type MediaBase64 = z.infer<typeof mediaBase64ResponseSchema>;

export const readResponseSchema = z.looseObject({ read: z.string() });
