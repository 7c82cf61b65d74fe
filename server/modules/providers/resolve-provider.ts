import type { AppContext } from '../../app-context';
import { environmentProvider, type ProviderSettings } from '../../adapters/llm/language-model';
import { findProviderCredentials } from './provider-credentials.repo';

/**
 * Resolved settings per user, on the embedded database only (one process owns the data, see
 * SessionCache): every turn needs them, often twice (chat and query embedding). Saving the
 * settings calls forgetProvider. Keyed by the context's caches, so each app instance has its own.
 */
const resolved = new WeakMap<object, Map<number, ProviderSettings | null>>();
const MAX_CACHED = 10_000;

function cacheOf(ctx: AppContext): Map<number, ProviderSettings | null> | null {
  if (!ctx.cache) return null;
  let map = resolved.get(ctx.cache);
  if (!map) {
    map = new Map();
    resolved.set(ctx.cache, map);
  }
  return map;
}

/** After the user's provider settings change. */
export function forgetProvider(ctx: AppContext, ownerId: number): void {
  cacheOf(ctx)?.delete(ownerId);
}

/** The user's own key (Settings) wins over the operator's; neither → null, the offline provider. */
export async function resolveProvider(
  ctx: AppContext,
  ownerId: number,
): Promise<ProviderSettings | null> {
  const cache = cacheOf(ctx);
  if (cache?.has(ownerId)) return cache.get(ownerId)!;
  const own = await findProviderCredentials(ctx.database.db, ownerId);
  let settings: ProviderSettings | null;
  if (own?.apiKeyEncrypted || own?.baseUrl) {
    settings = {
      // A local server (Ollama, LM Studio) is saved with its address alone.
      apiKey: own.apiKeyEncrypted ? ctx.secrets.decrypt(own.apiKeyEncrypted) : 'not-needed',
      baseUrl: own.baseUrl ?? ctx.config.OPENAI_BASE_URL,
      source: 'user',
      guardOutbound: own.baseUrl ? { allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE } : undefined,
    };
  } else {
    settings = environmentProvider(ctx.config);
  }
  if (cache) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(ownerId, settings);
  }
  return settings;
}
