import { loginSchema, registerFormSchema } from '@common/schemas/auth';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldMessages } from '@/features/auth/lib/field-messages';

const REGISTER_FIELDS = ['username', 'name', 'email', 'password', 'confirmPassword'] as const;

function messages<F extends string>(schema: z.ZodType, values: unknown, fields: readonly F[]) {
  const issues = schema.safeParse(values).error?.issues ?? [];
  return fieldMessages(issues, fields);
}

describe('fieldMessages', () => {
  it('gives each field the first message of its own, keys of the errors catalogue', () => {
    expect(
      messages(loginSchema, { username: ' ', password: '' }, ['username', 'password'] as const),
    ).toEqual({
      username: 'validation.usernameRequired',
      password: 'validation.passwordRequired',
    });
    const empty = { username: '', name: '', email: '', password: '', confirmPassword: '' };
    expect(messages(registerFormSchema, empty, REGISTER_FIELDS)).toEqual({
      username: 'validation.usernameMin',
      name: 'validation.nameRequired',
      email: 'validation.emailInvalid',
      password: 'validation.passwordMin',
    });
  });

  it('puts the confirmation mismatch on its field', () => {
    const values = {
      username: 'padaria',
      name: 'Maria',
      email: 'maria@example.com',
      password: 'segredo1',
      confirmPassword: 'segredo2',
    };
    expect(messages(registerFormSchema, values, REGISTER_FIELDS)).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
  });

  it('leaves out issues on no field of the form', () => {
    const issues = [
      { path: ['planId'], message: 'validation.planInvalid' },
      { path: [], message: 'x' },
      { path: ['username'], message: 'first' },
      { path: ['username'], message: 'second' },
    ];
    expect(fieldMessages(issues, ['username'] as const)).toEqual({ username: 'first' });
  });
});
