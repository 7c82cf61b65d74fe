import type { AppContext } from '../../app-context';
import { environmentProvider, type ProviderSettings } from '../../adapters/llm/language-model';
import { findProviderCredentials } from '../settings/provider-credentials.repo';

/** The user's own key (Settings) wins over the operator's; neither → null, the offline provider. */
export async function resolveProvider(
  ctx: AppContext,
  ownerId: number,
): Promise<ProviderSettings | null> {
  const own = await findProviderCredentials(ctx.database.db, ownerId);
  if (own?.apiKeyEncrypted || own?.baseUrl) {
    return {
      // A local server (Ollama, LM Studio) is saved with its address alone.
      apiKey: own.apiKeyEncrypted ? ctx.secrets.decrypt(own.apiKeyEncrypted) : 'not-needed',
      baseUrl: own.baseUrl ?? ctx.config.OPENAI_BASE_URL,
      source: 'user',
      guardOutbound: own.baseUrl ? { allowPrivate: ctx.config.OUTBOUND_ALLOW_PRIVATE } : undefined,
    };
  }
  return environmentProvider(ctx.config);
}
