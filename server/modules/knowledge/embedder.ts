import type { AppContext } from '../../app-context';
import { embedTexts, type ProviderSettings } from '../../adapters/llm/language-model';
import { resolveProvider } from '../providers';

/**
 * Embeddings need both a provider (the owner's or the operator's) and pgvector; without either,
 * retrieval is lexical-only and says so.
 */
export async function embedderFor(
  ctx: AppContext,
  ownerId: number,
): Promise<ProviderSettings | null> {
  if (!ctx.capabilities.vector) return null;
  return resolveProvider(ctx, ownerId);
}

/** The query's embedding, or null when it cannot be had (then the search is lexical). */
export async function embedQuery(
  ctx: AppContext,
  ownerId: number,
  query: string,
): Promise<number[] | null> {
  const settings = await embedderFor(ctx, ownerId);
  if (!settings) return null;
  try {
    const [vector] = await embedTexts(settings, [query]);
    return vector ?? null;
  } catch {
    // A provider without an embeddings endpoint (or a hiccup) must not stop the answer.
    return null;
  }
}
