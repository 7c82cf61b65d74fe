import { z } from 'zod';

/**
 * Schemas of the Graph answers we rely on. Loose objects: only the fields the product reads are
 * checked, and Meta adds fields often enough that anything else must pass through.
 */

export const sendResponseSchema = z.looseObject({
  contacts: z
    .array(
      z.looseObject({
        input: z.string().optional(),
        wa_id: z.string().optional(),
        user_id: z.string().optional(),
      }),
    )
    .optional(),
  messages: z.array(z.looseObject({ id: z.string() })).min(1),
});

export const successSchema = z.looseObject({ success: z.literal(true) });

/** file_size is a string in Meta's examples and a number in some SDKs' fixtures. */
const sizeSchema = z.union([z.number(), z.string()]).transform((value) => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
});

export const mediaInfoSchema = z.looseObject({
  url: z.string().min(1),
  mime_type: z.string().nullish(),
  file_size: sizeSchema.nullish(),
});

export const uploadResponseSchema = z.looseObject({ id: z.string().min(1) });

export const phoneNumberSchema = z.looseObject({
  id: z.string(),
  display_phone_number: z.string().nullish(),
  verified_name: z.string().nullish(),
  quality_rating: z.string().nullish(),
  is_on_biz_app: z.boolean().nullish(),
  platform_type: z.string().nullish(),
});

export const phoneNumbersSchema = z.looseObject({ data: z.array(phoneNumberSchema) });

export const templateCreatedSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  category: z.string(),
});

const componentSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

export const templateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.string(),
  status: z.string(),
  components: z.array(componentSchema).optional(),
  rejected_reason: z.string().nullish(),
});

export const templatePageSchema = z.looseObject({
  data: z.array(templateSchema),
  paging: z.looseObject({ next: z.string().optional() }).optional(),
});

export type CloudTemplate = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  body: string | null;
  rejectedReason: string | null;
};

export function toCloudTemplate(t: z.infer<typeof templateSchema>): CloudTemplate {
  const body = t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? null;
  // Graph answers "NONE" for a template that was never rejected.
  const reason = t.rejected_reason && t.rejected_reason !== 'NONE' ? t.rejected_reason : null;
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    body,
    rejectedReason: reason,
  };
}

/** Graph's OAuth convention is JSON; Meta's Embedded Signup page shows a bare token. */
export const tokenResponseSchema = z.looseObject({ access_token: z.string().min(1) });
