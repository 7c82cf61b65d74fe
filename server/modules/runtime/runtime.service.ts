import { generateText, hasToolCall, stepCountIs, streamText, type ModelMessage } from 'ai';
import { placeholderStreamFilter, removePlaceholders } from '@common/placeholders';
import { handoffMessageOf } from '@common/schemas/agent';
import type { UnansweredReason } from '@common/schemas/analytics';
import type { InboxCitation } from '@common/schemas/inbox';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import { usageRecords } from '../../db/schema';
import { chatModel, type ProviderSettings } from '../../adapters/llm/language-model';
import { asksToBook } from '../../adapters/llm/offline-booking';
import { asksForPerson } from '../../adapters/llm/offline-handoff';
import {
  createOfflineModel,
  isCourtesy,
  OFFLINE_MODEL_ID,
  offlineReplyKind,
  offlineSources,
} from '../../adapters/llm/offline-model';
import type { Passage } from '../knowledge';
import { runtimeFeatures, type RuntimeFeatures } from '../subscriptions';
import { buildSystemPrompt, memoryWindow, type ChatTurn } from './prompt';
import { bookingLinkMessage, bookingTools, type BookingAccess } from './booking-tools';
import { contactTools, offlineContactDetails, type ContactNotes } from './contact-tools';
import { providerError } from './runtime-errors';
import {
  buildTools,
  externalApisOf,
  HANDOFF_TOOL,
  handoffTool,
  UNKNOWN_TOOL,
  unknownTool,
} from './tools';

/**
 * The one reply pipeline of every channel: test console, website widget and
 * WhatsApp call `runTurn` / `streamTurn`, so what the owner tests is what customers get.
 */
export type Channel = 'test' | 'webchat' | 'whatsapp';

export interface RuntimeAgent {
  id: number;
  name: string;
  systemPrompt: string;
  model: string;
  temperature: number;
  maxTokens: number;
  topP: number;
  responseStyle: string;
  language: string;
  knowledgeBase: string | null;
  tools: string[];
  /** the agent's own HTTP APIs as saved (a JSON list), offered as tools where the plan allows */
  externalApis: string | null;
  /** what a customer reads when the agent hands over; null: the default in its language */
  handoffMessage?: string | null;
}

export interface TurnInput {
  agent: RuntimeAgent;
  ownerId: number;
  channel: Channel;
  memory: ChatTurn[];
  message: string;
  image?: { data: Uint8Array; mediaType: string } | undefined;
  /** null → offline provider */
  provider: ProviderSettings | null;
  /** the owner's plan features, when the caller has read them already (customer channels) */
  features?: RuntimeFeatures;
  /** false when the caller knows the agent has nothing indexed: no search for this turn */
  hasKnowledge?: boolean;
  abortSignal?: AbortSignal;
  /**
   * The agent's bookings for this customer, when it has a booking page: tools for a
   * model that calls them, the page's link from the offline model when the customer asks to book.
   */
  booking?: BookingAccess | null | undefined;
  /** the customer's contact card, where the agent notes their name and interest */
  contact?: ContactNotes | null | undefined;
}

export interface Citation {
  source: string;
  /** the document's public title, when the owner gave one */
  title?: string | null | undefined;
  excerpt: string;
  score: number;
  documentId?: number | undefined;
  page?: number | null | undefined;
}

export interface TurnResult {
  text: string;
  citations: Citation[];
  usage: { inputTokens: number; outputTokens: number };
  latencyMs: number;
  provider: 'openai' | 'offline';
  model: string;
  offline: boolean;
  /**
   * The agent handed the conversation over to a person: the model called the handoff
   * tool, or the offline model recognised a request for a person. `text` ends with the agent's
   * handoff message. On customer channels the caller hands the conversation over
   * (`handOver`) and tells the owner; the test console only shows it.
   */
  handoff: boolean;
  /**
   * Why the agent could not answer the message, or null when it did (or it was small talk):
   * `handoff` — it handed over; `no-passage` — it did not know and the knowledge search found no
   * passage; `unknown` — it did not know though passages were found (the offline model's "I don't
   * have that information", or the model's `report_missing_information` tool). The customer
   * channels and the test console record it for the reports (the console's since ADR 0037).
   */
  unanswered: UnansweredReason | null;
}

export interface RuntimeDeps {
  db: AppDb;
  config: Pick<Config, 'OUTBOUND_ALLOW_PRIVATE'>;
  /** the knowledge base's best passages for this turn (hybrid or lexical search) */
  retrieve: (agentId: number, ownerId: number, query: string) => Promise<Passage[]>;
  /** streamed word pace of the offline provider */
  offlineWordDelayMs?: number;
  /**
   * false: the turn's usage record is not written here; the caller writes `usageRecord(...)`
   * with its own statement (WhatsApp stores it with the reply plan, in one statement).
   */
  recordUsage?: boolean;
}

/**
 * The statement that records a turn's usage, for a caller that records it with its own write in
 * one statement (WhatsApp's plan, `storeNewPlan`: a common table expression of its update).
 */
export const usageInsert = (db: AppDb, usage: typeof usageRecords.$inferInsert) =>
  db.insert(usageRecords).values(usage).returning({ id: usageRecords.id });

/** The usage_records row of a finished turn. */
export function usageRecord(
  input: Pick<TurnInput, 'ownerId' | 'agent' | 'channel'>,
  result: TurnResult,
) {
  return {
    ownerId: input.ownerId,
    agentId: input.agent.id,
    channel: input.channel,
    provider: result.provider,
    model: result.model,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    latencyMs: result.latencyMs,
  } satisfies typeof usageRecords.$inferInsert;
}

/**
 * A reply's citations as its message row keeps them (the inbox shows them to the owner): the
 * document's name and the passage, nothing of the ranking.
 */
export function storedCitations(citations: Citation[]): InboxCitation[] {
  return citations.map((c) => ({ source: c.source, excerpt: c.excerpt }));
}

export const MEMORY_LIMITS = { maxTurns: 20, maxTokens: 3000 };
const PROVIDER_TIMEOUT_MS = 60_000;
const MAX_RETRIES = 2;
/**
 * Model steps per turn (each tool call and its answer is one): a booking takes up to four (the
 * services, the free slots, the booking, the reply).
 */
const MAX_STEPS = 6;

function toCitations(passages: Passage[]): Citation[] {
  return passages.map((p) => ({
    source: p.source,
    title: p.title,
    excerpt: p.content.length > 300 ? `${p.content.slice(0, 297)}...` : p.content,
    score: Math.round(p.score * 1000) / 1000,
    documentId: p.documentId,
    page: p.page,
  }));
}

async function prepare(deps: RuntimeDeps, input: TurnInput) {
  // Plan limits: basico has no retrieval and no external API tools, on every channel.
  const features = input.features ?? (await runtimeFeatures(deps.db, input.ownerId));
  const searched = features.retrieval && input.hasKnowledge !== false;
  const passages = searched
    ? await deps.retrieve(input.agent.id, input.ownerId, input.message)
    : [];
  const offline = input.provider === null;
  const offlineOptions = {
    agentName: input.agent.name,
    language: input.agent.language,
    passages,
    wordDelayMs: deps.offlineWordDelayMs ?? 0,
  };
  const model = offline
    ? createOfflineModel(offlineOptions)
    : await chatModel(input.provider!, input.agent.model);
  // The offline answer quotes only some passages (none for "I don't know"): only those are cited.
  const cited = offline
    ? offlineSources(input.message, offlineOptions).map((i) => passages[i]!)
    : passages;
  const userContent: ModelMessage['content'] = input.image
    ? [
        { type: 'text', text: input.message },
        { type: 'image', image: input.image.data, mediaType: input.image.mediaType },
      ]
    : input.message;
  const messages: ModelMessage[] = [
    ...memoryWindow(input.memory, MEMORY_LIMITS).map((t) => ({ role: t.role, content: t.content })),
    { role: 'user', content: userContent },
  ];
  const handoff = { called: false };
  const offlineHandoff = offline && asksForPerson(input.message);
  const offlineBooking = offline && !offlineHandoff && !!input.booking && asksToBook(input.message);
  const unknown = {
    called:
      offline && !offlineBooking && offlineReplyKind(input.message, offlineOptions) === 'unknown',
  };
  const tools = offline
    ? {}
    : {
        ...buildTools(input.agent, features.externalApis ? externalApisOf(input.agent) : [], {
          allowPrivate: deps.config.OUTBOUND_ALLOW_PRIVATE,
        }),
        [HANDOFF_TOOL]: handoffTool(() => {
          handoff.called = true;
        }),
        [UNKNOWN_TOOL]: unknownTool(() => {
          unknown.called = true;
        }),
        ...(input.booking ? bookingTools(input.booking) : {}),
        ...(input.contact ? contactTools(input.contact) : {}),
      };
  return {
    handoff,
    unknown,
    /** whether the knowledge was searched (the plan has retrieval, the agent has knowledge) */
    searched,
    /** the offline model does not understand: a customer's request for a person is recognised */
    offlineHandoff,
    /** …and a request to book, answered with the booking page */
    offlineBooking,
    passages,
    cited,
    offline,
    modelId: offline ? OFFLINE_MODEL_ID : input.agent.model,
    call: {
      model,
      system: buildSystemPrompt(input.agent, passages),
      messages,
      temperature: input.agent.temperature,
      topP: input.agent.topP,
      maxOutputTokens: input.agent.maxTokens,
      maxRetries: MAX_RETRIES,
      abortSignal: input.abortSignal
        ? AbortSignal.any([input.abortSignal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)])
        : AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      // After the handoff tool the model says nothing more: the handoff message is the reply.
      ...(Object.keys(tools).length > 0
        ? { tools, stopWhen: [stepCountIs(MAX_STEPS), hasToolCall(HANDOFF_TOOL)] }
        : {}),
    },
  };
}

async function finish(
  deps: RuntimeDeps,
  input: TurnInput,
  prepared: Awaited<ReturnType<typeof prepare>>,
  text: string,
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined },
  startedAt: number,
): Promise<TurnResult> {
  const handoff = prepared.handoff.called || prepared.offlineHandoff;
  if (prepared.offline && input.contact) await noteOffline(input, input.contact);
  const result: TurnResult = {
    text: handoff
      ? withHandoffMessage(text, input.agent)
      : prepared.offlineBooking && input.booking
        ? bookingLinkMessage(input.agent.language, input.booking.url)
        : text.trim(),
    citations: toCitations(prepared.cited),
    usage: { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
    latencyMs: Math.round(performance.now() - startedAt),
    provider: prepared.offline ? 'offline' : 'openai',
    model: prepared.modelId,
    offline: prepared.offline,
    handoff,
    unanswered: unansweredReason(input.message, handoff, prepared),
  };
  if (deps.recordUsage !== false)
    await deps.db.insert(usageRecords).values(usageRecord(input, result));
  return result;
}

/** Offline, the runtime notes what the customer's own words tell (a model does it with the tool). */
async function noteOffline(input: TurnInput, contact: ContactNotes) {
  const services = input.booking ? (await input.booking.services()).map((s) => s.name) : [];
  const details = offlineContactDetails(input.message, services);
  if (details) await contact.save(details);
}

function unansweredReason(
  message: string,
  handoff: boolean,
  prepared: Awaited<ReturnType<typeof prepare>>,
): UnansweredReason | null {
  if (handoff) return 'handoff';
  if (!prepared.unknown.called || isCourtesy(message)) return null;
  return prepared.searched && prepared.passages.length === 0 ? 'no-passage' : 'unknown';
}

/** The handoff message after what the model said before calling the tool, if anything. */
function withHandoffMessage(text: string, agent: RuntimeAgent): string {
  const message = handoffMessageOf({
    handoffMessage: agent.handoffMessage ?? null,
    language: agent.language,
  });
  return [text.trim(), message].filter(Boolean).join('\n\n');
}

const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

export async function runTurn(deps: RuntimeDeps, input: TurnInput): Promise<TurnResult> {
  const startedAt = performance.now();
  const prepared = await prepare(deps, input);
  if (prepared.offlineHandoff || prepared.offlineBooking)
    return finish(deps, input, prepared, '', NO_USAGE, startedAt);
  let response;
  try {
    response = await generateText(prepared.call);
  } catch (err) {
    throw providerError(err, input.agent.model);
  }
  // No template placeholder reaches a customer, whatever the prompt or the knowledge still holds.
  const text = removePlaceholders(response.text);
  return finish(deps, input, prepared, text, response.totalUsage, startedAt);
}

export interface TurnStream {
  /** the reply's text as it arrives */
  deltas: AsyncIterable<string>;
  /** settles after the stream ends: the full result, or the provider's clean error */
  result: Promise<TurnResult>;
}

export async function streamTurn(deps: RuntimeDeps, input: TurnInput): Promise<TurnStream> {
  const startedAt = performance.now();
  const prepared = await prepare(deps, input);
  if (prepared.offlineHandoff || prepared.offlineBooking) {
    const result = await finish(deps, input, prepared, '', NO_USAGE, startedAt);
    return {
      deltas: (async function* () {
        yield result.text;
      })(),
      result: Promise.resolve(result),
    };
  }
  let failure: unknown;
  const stream = streamText({
    ...prepared.call,
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  let text = '';
  let settle!: { resolve: (r: TurnResult) => void; reject: (e: unknown) => void };
  const result = new Promise<TurnResult>((resolve, reject) => (settle = { resolve, reject }));
  result.catch(() => {});

  // The deltas go to the customer as they come: placeholders are removed on the way (the reply is
  // what was streamed, so the stored text and the customer's screen agree).
  const filter = placeholderStreamFilter();
  async function* deltas() {
    try {
      for await (const part of stream.fullStream) {
        if (part.type === 'text-delta') {
          const clean = filter.push(part.text);
          text += clean;
          if (clean) yield clean;
        } else if (part.type === 'error') {
          failure ??= part.error;
        }
      }
      if (failure) throw providerError(failure, input.agent.model);
      const rest = filter.flush();
      text += rest;
      if (rest) yield rest;
      const usage = await stream.totalUsage;
      const finished = await finish(deps, input, prepared, text, usage, startedAt);
      // The handoff message was not streamed by the model: it follows what was.
      if (finished.text.length > text.trim().length) {
        yield finished.text.slice(text.trim().length);
      }
      settle.resolve(finished);
    } catch (err) {
      const clean = failure ? providerError(failure, input.agent.model) : err;
      settle.reject(clean);
      throw clean;
    }
  }
  return { deltas: deltas(), result };
}
