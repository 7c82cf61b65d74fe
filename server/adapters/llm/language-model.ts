import {
  embedMany,
  experimental_generateSpeech as generateSpeech,
  experimental_transcribe as transcribe,
  type LanguageModel,
} from 'ai';
import type { Config } from '../../config';
import { outboundFetch } from '../../lib/outbound';

/**
 * Where the OpenAI-compatible provider is: the user's own key saved in Settings wins, then the
 * operator's OPENAI_* variables; with neither, the runtime uses the offline provider.
 */
export interface ProviderSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  source: 'user' | 'environment';
  /**
   * A base URL the user typed is fetched through the SSRF guard (unless OUTBOUND_ALLOW_PRIVATE);
   * the operator's OPENAI_BASE_URL is trusted.
   */
  guardOutbound?: { allowPrivate: boolean } | undefined;
}

export function environmentProvider(config: Config): ProviderSettings | null {
  if (config.OPENAI_API_KEY) {
    return {
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_BASE_URL,
      source: 'environment',
    };
  }
  // Local servers such as Ollama or LM Studio need a base URL but no key.
  if (config.OPENAI_BASE_URL) {
    return { apiKey: 'not-needed', baseUrl: config.OPENAI_BASE_URL, source: 'environment' };
  }
  return null;
}

/** @ai-sdk/openai loads with the first provider call; offline-only servers never load it. */
async function provider(settings: ProviderSettings) {
  const { createOpenAI } = await import('@ai-sdk/openai');
  const guard = settings.guardOutbound;
  return createOpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    ...(guard
      ? {
          fetch: ((url: string, init: object) =>
            outboundFetch(String(url), init, guard)) as unknown as typeof fetch,
        }
      : {}),
  });
}

/** GET {base}/models: proves the key and the address work ('Testar conexão'). */
export async function listModels(settings: ProviderSettings): Promise<string[]> {
  const base = (settings.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const init = {
    headers: { authorization: `Bearer ${settings.apiKey}` },
    signal: AbortSignal.timeout(15_000),
  };
  const response = settings.guardOutbound
    ? await outboundFetch(`${base}/models`, init, settings.guardOutbound)
    : await fetch(`${base}/models`, init);
  if (!response.ok) throw new ProviderHttpError(response.status);
  const body = (await response.json()) as { data?: { id?: unknown }[] };
  return (body.data ?? []).map((m) => String(m.id)).sort();
}

export class ProviderHttpError extends Error {
  override name = 'ProviderHttpError';
  constructor(readonly status: number) {
    super(`provider answered ${status}`);
  }
}

/** Always the Chat Completions API: other compatible servers lack OpenAI's Responses API. */
export async function chatModel(
  settings: ProviderSettings,
  modelId: string,
): Promise<LanguageModel> {
  return (await provider(settings)).chat(modelId);
}

/** Speech to text through the provider's transcription endpoint (Whisper-compatible). */
export async function transcribeAudio(
  settings: ProviderSettings,
  audio: Uint8Array,
): Promise<string> {
  const result = await transcribe({
    model: (await provider(settings)).transcription('whisper-1'),
    audio,
    maxRetries: 2,
    abortSignal: AbortSignal.timeout(60_000),
  });
  return result.text.trim();
}

/** Text to speech as base64 mp3 (the testing page plays it back). */
export async function synthesizeSpeech(settings: ProviderSettings, text: string): Promise<string> {
  const result = await generateSpeech({
    model: (await provider(settings)).speech('tts-1'),
    text: text.slice(0, 4000),
    voice: 'alloy',
    outputFormat: 'mp3',
    maxRetries: 2,
    abortSignal: AbortSignal.timeout(60_000),
  });
  return result.audio.base64;
}

export const EMBEDDING_MODEL = 'text-embedding-3-small';

/** Embeddings for retrieval; batches are sent by the SDK, with retries on provider errors. */
export async function embedTexts(settings: ProviderSettings, texts: string[]): Promise<number[][]> {
  if (texts.length === 0) return [];
  const result = await embedMany({
    model: (await provider(settings)).embedding(EMBEDDING_MODEL),
    values: texts,
    maxRetries: 2,
    abortSignal: AbortSignal.timeout(60_000),
  });
  return result.embeddings;
}
