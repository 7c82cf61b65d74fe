import { DEFAULT_MODEL, MODEL_CATALOGUE, type ModelOptions } from '@common/models';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { listModels } from '../../adapters/llm/language-model';
import { findProviderCredentials } from './provider-credentials.repo';
import { resolveProvider } from './resolve-provider';

/**
 * How long an owner's provider list is kept: every model picker opening asks for it, and a
 * provider's list changes rarely. Saving the provider settings forgets it at once (this process;
 * another PostgreSQL process catches up within the minute).
 */
const MODELS_TTL_MS = 60_000;
const MAX_CACHED = 1_000;

/**
 * /v1/models lists every model the key may call, OpenAI's included: embeddings, speech, images,
 * moderation. A picker of chat models leaves those out; a local server's ids (llama3, qwen…) pass.
 */
const NOT_CHAT = /(embed|whisper|tts|dall-e|image|moderation|transcribe|realtime|audio|search)/i;

type Cached = { at: number; options: ModelOptions };
const cached = new WeakMap<AppContext, Map<number, Cached>>();

function cacheOf(ctx: AppContext): Map<number, Cached> {
  let map = cached.get(ctx);
  if (!map) {
    map = new Map();
    cached.set(ctx, map);
  }
  return map;
}

/** After the owner's provider settings change. */
export function forgetProviderModels(ctx: AppContext, ownerId: number): void {
  cached.get(ctx)?.delete(ownerId);
}

function catalogue(note: ModelOptions['note']): ModelOptions {
  return {
    source: 'catalogue',
    models: MODEL_CATALOGUE.map((model) => model.id),
    defaultModel: DEFAULT_MODEL,
    note,
  };
}

/**
 * The models the owner's pickers offer: with their own provider (Settings), the chat models it
 * lists; without one, or when it cannot be asked, the catalogue (with a note saying so).
 */
export async function modelOptions(
  ctx: AppContext,
  ownerId: number,
  log: FastifyBaseLogger,
): Promise<ModelOptions> {
  const cache = cacheOf(ctx);
  const hit = cache.get(ownerId);
  if (hit && Date.now() - hit.at < MODELS_TTL_MS) return hit.options;

  const settings = await resolveProvider(ctx, ownerId);
  if (settings?.source !== 'user') return catalogue(null);
  let options: ModelOptions;
  try {
    const models = (await listModels(settings)).filter((id) => !NOT_CHAT.test(id));
    if (models.length === 0) throw new Error('the provider listed no chat model');
    const own = await findProviderCredentials(ctx.database.db, ownerId);
    const preferred = [own?.defaultModel, DEFAULT_MODEL].find((id) => id && models.includes(id));
    options = { source: 'provider', models, defaultModel: preferred ?? models[0]!, note: null };
  } catch (err) {
    // The status or the network error only: a provider's body may echo the key.
    log.warn({ err: (err as Error).message, ownerId }, 'provider model list failed');
    options = catalogue('providerFailed');
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(ownerId, { at: Date.now(), options });
  return options;
}
