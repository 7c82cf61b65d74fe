import { verify } from '@node-rs/argon2';
import type {
  PasswordChangeInput,
  ProfileInput,
  ProviderSettingsView,
  providerSettingsSchema,
  providerTestSchema,
} from '@common/schemas/settings';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import {
  environmentProvider,
  listModels,
  ProviderHttpError,
  type ProviderSettings,
} from '../../adapters/llm/language-model';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { maskSecret } from '../../lib/secrets';
import { hashPassword } from '../auth';
import { destroyOtherSessions } from '../session';
import { findUserById, toPublicUser, updateUser } from '../users';
import { DEFAULT_MODEL } from '@common/models';
import {
  findProviderCredentials,
  forgetProvider,
  forgetProviderModels,
  saveProviderCredentials,
} from '../providers';

export async function updateProfile(ctx: AppContext, userId: number, input: ProfileInput) {
  try {
    const row = await updateUser(ctx.database.db, userId, { name: input.name, email: input.email });
    if (!row) throw new AppError('UNAUTHENTICATED');
    ctx.cache?.users.delete(userId);
    return toPublicUser(row);
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
    throw new AppError('EMAIL_TAKEN', { fieldErrors: { email: ['codes.EMAIL_TAKEN'] } });
  }
}

/** Changes the password and signs out every other session of the user. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  currentSessionId: string,
  input: PasswordChangeInput,
) {
  const db = ctx.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const ok = await verify(user.passwordHash, input.currentPassword).catch(() => false);
  if (!ok) {
    throw new AppError('WRONG_PASSWORD', {
      fieldErrors: { currentPassword: ['codes.WRONG_PASSWORD'] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await updateUser(db, userId, { passwordHash });
  ctx.cache?.users.delete(userId);
  await destroyOtherSessions(db, ctx.cache?.sessions ?? null, userId, currentSessionId);
}

export async function providerView(ctx: AppContext, userId: number): Promise<ProviderSettingsView> {
  const own = await findProviderCredentials(ctx.database.db, userId);
  const key = own?.apiKeyEncrypted ? ctx.secrets.decrypt(own.apiKeyEncrypted) : null;
  const active =
    key || own?.baseUrl ? 'user' : environmentProvider(ctx.config) ? 'environment' : 'offline';
  return {
    active,
    hasKey: key !== null,
    maskedKey: key ? maskSecret(key) : null,
    baseUrl: own?.baseUrl ?? null,
    defaultModel: own?.defaultModel ?? DEFAULT_MODEL,
    temperature: own?.temperature ?? 0.7,
    // Meaning needs embeddings: pgvector and a provider (the offline mode has no embedding model).
    retrieval: ctx.capabilities.vector && active !== 'offline' ? 'hybrid' : 'lexical',
  };
}

export async function saveProvider(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof providerSettingsSchema>,
): Promise<ProviderSettingsView> {
  const db = ctx.database.db;
  const existing = await findProviderCredentials(db, userId);
  let apiKeyEncrypted = existing?.apiKeyEncrypted ?? null;
  if (input.clearKey) apiKeyEncrypted = null;
  else if (input.apiKey) apiKeyEncrypted = ctx.secrets.encrypt(input.apiKey);
  // A key, or at least the address of a local server that needs none (Ollama, LM Studio).
  if (!apiKeyEncrypted && !input.clearKey && !input.baseUrl) {
    throw new AppError('VALIDATION', { fieldErrors: { apiKey: ['settings.apiKeyRequired'] } });
  }
  const values = {
    apiKeyEncrypted,
    // Removing the key means "stop using my own provider": the address goes with it.
    baseUrl: input.clearKey ? null : (input.baseUrl ?? null),
    defaultModel: input.defaultModel,
    temperature: input.temperature,
    updatedAt: new Date(),
  };
  await saveProviderCredentials(db, userId, values);
  forgetProvider(ctx, userId);
  forgetProviderModels(ctx, userId);
  return providerView(ctx, userId);
}

/** 'Testar conexão': lists the provider's models with the typed, saved or operator's key. */
export async function testProvider(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof providerTestSchema>,
): Promise<{ ok: true; models: string[] }> {
  const own = await findProviderCredentials(ctx.database.db, userId);
  const savedKey = own?.apiKeyEncrypted ? ctx.secrets.decrypt(own.apiKeyEncrypted) : null;
  const env = environmentProvider(ctx.config);
  const baseUrl = input.baseUrl ?? own?.baseUrl ?? ctx.config.OPENAI_BASE_URL;
  const apiKey = input.apiKey || savedKey || (baseUrl ? 'not-needed' : env?.apiKey);
  if (!apiKey) throw new AppError('PROVIDER_NOT_CONFIGURED');
  const userSupplied = Boolean(input.baseUrl ?? own?.baseUrl);
  const settings: ProviderSettings = {
    apiKey,
    baseUrl,
    source: 'user',
    guardOutbound: userSupplied ? { allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE } : undefined,
  };
  try {
    return { ok: true, models: await listModels(settings) };
  } catch (err) {
    if (err instanceof ProviderHttpError) {
      throw new AppError(
        err.status === 401 || err.status === 403 ? 'PROVIDER_AUTH' : 'PROVIDER_FAILED',
      );
    }
    throw new AppError('PROVIDER_UNREACHABLE');
  }
}
