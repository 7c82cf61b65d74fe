import { generateText } from 'ai';
import type { AppDb } from '../../db/client';
import { usageRecords } from '../../db/schema';
import { chatModel, type ProviderSettings } from '../../adapters/llm/language-model';
import { customerLanguage, translate } from '../../lib/i18n';
import { buildSystemPrompt, memoryWindow, type ChatTurn } from './prompt';
import { providerError } from './runtime-errors';
import type { RuntimeAgent } from './runtime.service';

/**
 * The text of a follow-up (ADR 0031): written by the agent's model from the
 * conversation, with the agent's own instructions; offline (no provider), a catalogue template in
 * the agent's language. The model may find the conversation closed and say so (SKIP_WORD): no
 * follow-up then (null).
 */

/** What the model answers when there is nothing to follow up on. */
export const SKIP_WORD = 'NENHUMA';
const FOLLOW_UP_TIMEOUT_MS = 60_000;
const FOLLOW_UP_MAX_TOKENS = 200;
const FOLLOW_UP_MEMORY = { maxTurns: 12, maxTokens: 2000 };

export interface FollowUpInput {
  agent: RuntimeAgent;
  ownerId: number;
  /** null → the offline template */
  provider: ProviderSettings | null;
  /** the conversation up to the agent's open message */
  memory: ChatTurn[];
  /** 1-based, and of how many */
  attempt: number;
  attempts: number;
  reason: 'question' | 'quote' | 'interest';
  /** the customer's first name and what they were interested in, when known */
  contactName: string | null;
  interest: string | null;
}

/** The offline follow-up: the first asks about what was open, the later ones only offer help. */
export function followUpTemplate(
  input: Pick<FollowUpInput, 'attempt' | 'reason' | 'contactName' | 'interest'> & {
    language: string;
  },
): string {
  const lang = customerLanguage(input.language);
  const name = input.contactName?.trim().split(/\s+/)[0];
  const greeting = name
    ? translate('followUps.greeting', lang, { name })
    : translate('followUps.greetingNoName', lang);
  const key =
    input.attempt > 1
      ? 'later'
      : input.reason === 'interest' && input.interest
        ? 'interest'
        : 'question';
  return translate(`followUps.template.${key}`, lang, {
    greeting,
    interest: input.interest ?? '',
  });
}

/**
 * Writes the follow-up; null when the model finds nothing open. The model's usage is recorded as
 * a WhatsApp turn's. A provider failure is thrown as the runtime's error (the job retries).
 */
export async function writeFollowUp(
  db: AppDb,
  input: FollowUpInput,
): Promise<{ text: string | null; offline: boolean }> {
  if (input.provider === null) {
    return { text: followUpTemplate({ ...input, language: input.agent.language }), offline: true };
  }
  const lang = customerLanguage(input.agent.language);
  const instruction = translate('followUps.instruction', lang, {
    attempt: input.attempt,
    max: input.attempts,
    skip: SKIP_WORD,
  });
  const started = Date.now();
  let result: Awaited<ReturnType<typeof generateText>>;
  try {
    result = await generateText({
      model: await chatModel(input.provider, input.agent.model),
      system: `${buildSystemPrompt(input.agent, [])}\n\n${instruction}`,
      messages: memoryWindow(input.memory, FOLLOW_UP_MEMORY).map((t) => ({
        role: t.role,
        content: t.content,
      })),
      temperature: input.agent.temperature,
      maxOutputTokens: Math.min(input.agent.maxTokens, FOLLOW_UP_MAX_TOKENS),
      maxRetries: 2,
      abortSignal: AbortSignal.timeout(FOLLOW_UP_TIMEOUT_MS),
    });
  } catch (err) {
    throw providerError(err, input.agent.model);
  }
  await db.insert(usageRecords).values({
    ownerId: input.ownerId,
    agentId: input.agent.id,
    channel: 'whatsapp',
    provider: 'openai',
    model: input.agent.model,
    inputTokens: result.usage.inputTokens ?? 0,
    outputTokens: result.usage.outputTokens ?? 0,
    latencyMs: Date.now() - started,
  });
  const text = result.text.trim();
  const skipped = text === '' || text.replace(/[^A-Za-z]/g, '').toUpperCase() === SKIP_WORD;
  return { text: skipped ? null : text, offline: false };
}
