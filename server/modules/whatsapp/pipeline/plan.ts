import type { WhatsappSettings } from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import { transcribeAudio } from '../../../adapters/llm/language-model';
import type { agents } from '../../../db/schema';
import { translate } from '../../../lib/i18n';
import { sniffImage } from '../../../lib/sniff';
import type { resolveProvider } from '../../providers';
import { providerError, storedCitations, usageRecord } from '../../runtime';
import type { RuntimeFeatures } from '../../subscriptions';
import { CUSTOMER_MEDIA_LIMIT_BYTES } from './customer-media';
import type { WhatsappLine } from './line';
import { instanceLog } from './takeover-log';
import type { TurnMessages } from './store/store-turns';
import {
  answerTurn,
  type TurnPace,
  type ConversationRow,
  type PipelineTarget,
  type ReplyPlan,
  storeTranscript,
} from '../../conversations';

/** The owner's model provider; null when none can serve (audio and images are not read then). */
export type Provider = Awaited<ReturnType<typeof resolveProvider>>;

const MAX_PARTS = 6;
const DEFAULT_IMAGE_PROMPT = 'Analise esta imagem e responda de acordo com o seu papel.';
/**
 * What the model reads of one customer message (WhatsApp allows 65 536 characters): the message
 * stays whole in the conversation, but the model's time, the owner's tokens and the knowledge
 * search are spent on a question's worth of it.
 */
export const MODEL_TEXT_LIMIT = 4096;

/** A message as the model reads it: beyond MODEL_TEXT_LIMIT, cut with a marker saying so. */
export function textForModel(text: string): string {
  if (text.length <= MODEL_TEXT_LIMIT) return text;
  const omitted = text.length - MODEL_TEXT_LIMIT;
  return `${text.slice(0, MODEL_TEXT_LIMIT)}\n${translate('whatsapp.pipeline.truncated', 'pt-BR', { count: omitted })}`;
}

type PendingMessage = TurnMessages['pending'][number];
type AgentRow = typeof agents.$inferSelect;

/** Splits a reply on blank lines (paragraphs), as WhatsApp users write; at most MAX_PARTS. */
export function splitReply(text: string): string[] {
  const parts = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= MAX_PARTS) return parts;
  return [...parts.slice(0, MAX_PARTS - 1), parts.slice(MAX_PARTS - 1).join('\n\n')];
}

/**
 * Whether the turn's reply goes as one voice message: never without a provider (no speech then);
 * `when-audio` only when a pending customer message of the turn is a voice message.
 */
export function repliesInVoice(
  mode: WhatsappSettings['voiceReply'],
  pending: Pick<PendingMessage, 'kind'>[],
  provider: Provider,
): boolean {
  if (!provider) return false;
  if (mode === 'always') return true;
  if (mode === 'when-audio') return pending.some((m) => m.kind === 'audio');
  return false;
}

/** The offline model answers at once (the parts have their typing pauses); usage is the plan's. */
const WHATSAPP_PACE: TurnPace = { wordDelayMs: 0, recordUsage: false };

/** The media of an audio or image message of the turn (see customer-media.ts). */
const mediaOf = (line: WhatsappLine, message: PendingMessage) =>
  message.gatewayMessageId
    ? line.media(message.gatewayMessageId, CUSTOMER_MEDIA_LIMIT_BYTES)
    : Promise.resolve(null);

export interface PlanInput {
  agent: AgentRow;
  settings: WhatsappSettings;
  target: PipelineTarget;
  line: WhatsappLine;
  turn: TurnMessages;
  provider: Provider;
  access: { features: RuntimeFeatures; hasKnowledge: boolean };
  /** the conversation the turn answers (the agent may hand it over to a person) */
  conversation: ConversationRow;
}

/**
 * What the turn answers: the pending messages read as text (audio transcribed, its transcript
 * stored; an image shown to the model), the model's reply, and that reply as parts to send
 * (paragraphs, or one voice message when the voice-reply mode says so: see repliesInVoice).
 * Nothing readable gets the polite unsupported message (text).
 */
export async function buildPlan(
  ctx: AppContext,
  { agent, settings, target, line, turn, provider, access, conversation }: PlanInput,
): Promise<{ plan: ReplyPlan; usage: ReturnType<typeof usageRecord> | null }> {
  const { pending, memory } = turn;
  const texts: string[] = [];
  let image: { data: Uint8Array; mediaType: string } | undefined;
  for (const message of pending) {
    if (message.kind === 'text' && message.content) {
      texts.push(textForModel(message.content));
    } else if (message.kind === 'audio' && provider) {
      let transcript = message.content;
      if (!transcript) {
        const media = await mediaOf(line, message);
        if (!media) continue;
        try {
          transcript = await transcribeAudio(provider, media.data);
        } catch (err) {
          throw providerError(err, 'whisper-1');
        }
        await storeTranscript(ctx.database.db, message.id, transcript);
      }
      if (transcript) texts.push(transcript);
    } else if (message.kind === 'image') {
      if (message.content) texts.push(textForModel(message.content));
      if (provider) {
        const media = await mediaOf(line, message);
        const mediaType = media ? (sniffImage(media.data) ?? media.mimetype) : null;
        if (media && mediaType) image = { data: media.data, mediaType };
      }
      if (!message.content && !image) continue;
      if (!message.content) texts.push(DEFAULT_IMAGE_PROMPT);
    }
  }
  const messageIds = pending.map((m) => m.id);
  // A reply to a reminder ("1", "2") is answered without the model (ConversationHooks).
  const fixed =
    texts.length > 0
      ? await ctx.hooks.conversations.fixedAnswer(ctx, {
          agent,
          conversation,
          texts,
          messageId: messageIds.at(-1) ?? null,
        })
      : null;
  if (texts.length === 0 || fixed !== null) {
    // Nothing we can read (stickers, documents, audio without a provider…): the polite message.
    const text =
      fixed ?? settings.unsupportedMessage ?? translate('whatsapp.unsupportedDefault', 'pt-BR');
    const plan: ReplyPlan = {
      messageIds,
      parts: [{ text, kind: 'text' }],
      sent: 0,
      inflight: null,
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
    };
    return { plan, usage: null };
  }
  // The core's turn runner: the input, the model, the reports' unanswered question (once per
  // turn, however often it is planned) and the agent's own handoff — quiet from now on (what the
  // contact sends next waits for a person); this turn's reply, the handoff message, still goes
  // out: a stored plan is sent whatever the bot's state.
  const { input, result } = await answerTurn(
    ctx,
    {
      agent,
      conversation,
      channel: 'whatsapp',
      memory,
      message: texts.join('\n'),
      image,
      provider,
      features: access.features,
      hasKnowledge: access.hasKnowledge,
      // The contact's number is the customer's: the tools book and find by it.
      phone: conversation.contactId,
      after: {
        customer: true,
        log: instanceLog(target),
        contactName: conversation.contactName ?? conversation.contactId,
        messageId: messageIds.at(-1) ?? null,
      },
    },
    // Recorded with the plan (storeNewPlan), usage included, in one statement.
    WHATSAPP_PACE,
    async (answered) => answered,
  );
  const text = result.text || translate('whatsapp.pipeline.emptyReply', 'pt-BR');
  const parts: ReplyPlan['parts'] =
    repliesInVoice(settings.voiceReply, pending, provider) && !result.handoff
      ? [{ text, kind: 'audio' }]
      : splitReply(text).map((p) => ({ text: p, kind: 'text' as const }));
  const plan: ReplyPlan = {
    messageIds,
    parts,
    sent: 0,
    inflight: null,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    latencyMs: result.latencyMs,
    citations: storedCitations(result.citations),
  };
  return { plan, usage: usageRecord(input, result) };
}
