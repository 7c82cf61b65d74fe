import { z } from 'zod';
import { DEFAULT_PLAN_ID, PLAN_IDS } from '../plans';

/**
 * Messages are keys of the `errors` locale namespace (client/locales/<lng>/errors.json). The
 * server translates them for API responses; the client translates them in forms. The pt-BR texts
 * are the product's fixed wording (e.g. 'Senha é obrigatória'); tests assert them verbatim.
 */
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'validation.usernameRequired')
    .max(64, 'validation.usernameMax'),
  password: z.string().min(1, 'validation.passwordRequired').max(256, 'validation.passwordMax'),
});
export type LoginInput = z.infer<typeof loginSchema>;

const registerFields = {
  username: z
    .string()
    .trim()
    .min(3, 'validation.usernameMin')
    .max(64, 'validation.usernameMax')
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'validation.usernameChars'),
  password: z.string().min(6, 'validation.passwordMin').max(256, 'validation.passwordMax'),
  name: z.string().trim().min(1, 'validation.nameRequired').max(120, 'validation.nameMax'),
  email: z.string().trim().toLowerCase().pipe(z.email('validation.emailInvalid')),
};

/** What POST /api/register accepts (the confirmation field is not sent). */
export const registerSchema = z.object({
  ...registerFields,
  planId: z.enum(PLAN_IDS, 'validation.planInvalid').default(DEFAULT_PLAN_ID),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the same fields plus the confirmation, checked on confirmPassword. */
export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** The user as every API returns it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
