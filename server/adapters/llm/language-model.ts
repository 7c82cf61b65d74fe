import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { Config } from '../../config';

/**
 * Where the OpenAI-compatible provider is: the user's own key saved in Settings wins, then the
 * operator's OPENAI_* variables; with neither, the runtime uses the offline provider.
 */
export interface ProviderSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  source: 'user' | 'environment';
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

function provider(settings: ProviderSettings) {
  return createOpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl });
}

/** Always the Chat Completions API: other compatible servers lack OpenAI's Responses API. */
export function chatModel(settings: ProviderSettings, modelId: string): LanguageModel {
  return provider(settings).chat(modelId);
}
