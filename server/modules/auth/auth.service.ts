import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput } from '@common/schemas/auth';
import type { AppDb } from '../../db/client';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findUserByUsername, insertUser, type UserRow } from '../users';

/** argon2id with the OWASP-recommended minimum (19 MiB, t=2, p=1). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

export async function registerUser(db: AppDb, input: RegisterInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      username: input.username,
      passwordHash,
      name: input.name,
      email: input.email,
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    if (constraint.includes('email')) {
      throw new AppError('EMAIL_TAKEN', { fieldErrors: { email: ['codes.EMAIL_TAKEN'] } });
    }
    throw new AppError('USERNAME_TAKEN', { fieldErrors: { username: ['codes.USERNAME_TAKEN'] } });
  }
}

export async function authenticate(db: AppDb, input: LoginInput): Promise<UserRow> {
  const user = await findUserByUsername(db, input.username);
  if (!user) {
    // Spend the same time as a real check, so response time does not reveal which usernames exist.
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, input.password).catch(() => false);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const ok = await verify(user.passwordHash, input.password).catch(() => false);
  if (!ok) throw new AppError('INVALID_CREDENTIALS');
  return user;
}
