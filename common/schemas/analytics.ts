import { z } from 'zod';
import { daysInRange } from '../day-range';
import { INBOX_CHANNELS } from './inbox';

/**
 * Reports: what the owner's agents did in a period — conversations, messages, who
 * resolved them, how fast the first answer came, the busiest hours and the cost in reais — the
 * questions the agents could not answer, and the plan's usage this month. Days are the owner's
 * days (their time zone, Settings); test-console chats are never counted. Messages are keys of
 * the `errors` catalogue.
 */

export const ANALYTICS_CHANNELS = INBOX_CHANNELS;
export type AnalyticsChannel = (typeof ANALYTICS_CHANNELS)[number];

/** The longest period one overview covers (a custom range included). */
export const ANALYTICS_MAX_DAYS = 366;
/** The periods the screen offers; any other is a custom range. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;

const day = z
  .string('analytics.dateInvalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'analytics.dateInvalid')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'analytics.dateInvalid');

// Apart from the schemas (no zod): the dashboard home's week card counts days with it.
export { daysInRange } from '../day-range';

/** GET /api/analytics/overview?from=YYYY-MM-DD&to=YYYY-MM-DD[&agentId=][&channel=] */
export const analyticsOverviewQuerySchema = z
  .object({
    from: day,
    to: day,
    agentId: z.coerce
      .number('analytics.agentInvalid')
      .int('analytics.agentInvalid')
      .positive('analytics.agentInvalid')
      // an id the database's integer can hold
      .max(2_147_483_647, 'analytics.agentInvalid')
      .optional(),
    channel: z.enum(ANALYTICS_CHANNELS, 'analytics.channelInvalid').optional(),
  })
  // Only over valid fields: a malformed date says so alone (zod runs refinements after failed
  // checks otherwise).
  .refine((q) => q.from <= q.to, {
    message: 'analytics.rangeReversed',
    path: ['to'],
    when: (payload) => payload.issues.length === 0,
  })
  .refine((q) => daysInRange(q.from, q.to) <= ANALYTICS_MAX_DAYS, {
    message: 'analytics.rangeTooLong',
    path: ['to'],
    when: (payload) => payload.issues.length === 0,
  });
export type AnalyticsOverviewQuery = z.output<typeof analyticsOverviewQuerySchema>;

/** p50 and p90 in milliseconds; null when nothing was answered in the span. */
export interface ResponseTimes {
  p50: number | null;
  p90: number | null;
}

export interface AnalyticsDay {
  /** the owner's day, YYYY-MM-DD */
  date: string;
  /** conversations with a customer message that day */
  conversations: number;
  /** customer messages */
  messagesIn: number;
  /** the agent's and a person's messages sent to customers */
  messagesOut: number;
  firstResponseMs: ResponseTimes;
  costBrl: number;
}

export interface AnalyticsBreakdown {
  conversations: number;
  messagesIn: number;
  messagesOut: number;
  costBrl: number;
}

/**
 * GET /api/analytics/overview. `conversations` — the owner's conversations with a customer message
 * in the period; of them `handedOff` had a person step in during the period (the agent's handoff,
 * the owner's handoff, a reply by a person, or the bot paused), and `resolvedByAgent` did not
 * (`resolvedByAgent + handedOff = conversations`). `firstResponseMs` — from a customer message
 * that opens a turn (the first, or the first after an answer) to the next answer. `hourly` —
 * customer messages by the owner's weekday (0 = Sunday) and hour. `daily` has every day of the
 * period, zeros included. `costBrl` — the model calls of the period at the price table (see
 * `AnalyticsUsage.prices`) and Meta's fees of the official WhatsApp line's billable messages.
 */
export interface AnalyticsOverview {
  from: string;
  to: string;
  /** the IANA time zone the days are counted in */
  timezone: string;
  conversations: number;
  messagesIn: number;
  messagesOut: number;
  resolvedByAgent: number;
  handedOff: number;
  firstResponseMs: ResponseTimes;
  daily: AnalyticsDay[];
  /** [weekday 0–6][hour 0–23] */
  hourly: number[][];
  costBrl: number;
  byChannel: (AnalyticsBreakdown & { channel: AnalyticsChannel })[];
  byAgent: (AnalyticsBreakdown & { agentId: number; name: string })[];
}

/** Why the agent could not answer a question. */
export const UNANSWERED_REASONS = ['no-passage', 'unknown', 'handoff'] as const;
export type UnansweredReason = (typeof UNANSWERED_REASONS)[number];

/** Where a question was asked: a customer's conversation, or the owner's test console. */
export const UNANSWERED_ORIGINS = ['customer', 'test'] as const;
export type UnansweredOrigin = (typeof UNANSWERED_ORIGINS)[number];

/** GET /api/analytics/unanswered[?agentId=] */
export const unansweredQuerySchema = z.object({
  agentId: z.coerce
    .number('analytics.agentInvalid')
    .int('analytics.agentInvalid')
    .positive('analytics.agentInvalid')
    .max(2_147_483_647, 'analytics.agentInvalid')
    .optional(),
});

/**
 * A group of similar questions the agent could not answer, open (not answered yet) — the newest
 * asked first. `question` is the group's most recent wording; `origins` where its questions were
 * asked; `conversationIds` the customer conversations it was asked in (newest first, at most 20;
 * a test-console question has none).
 */
export interface UnansweredGroup {
  id: number;
  agentId: number;
  agentName: string;
  question: string;
  count: number;
  lastAskedAt: string;
  reasons: UnansweredReason[];
  origins: UnansweredOrigin[];
  conversationIds: number[];
}

export const UNANSWERED_ANSWER_MAX = 4000;

/** POST /api/analytics/unanswered/{id}/answer */
export const unansweredAnswerSchema = z.object({
  answer: z
    .string('analytics.answerRequired')
    .trim()
    .min(1, 'analytics.answerRequired')
    .max(UNANSWERED_ANSWER_MAX, 'analytics.answerTooLong'),
});
export type UnansweredAnswerInput = z.output<typeof unansweredAnswerSchema>;

/** → 201: the knowledge entry made of the question and its answer (searchable at once). */
export interface UnansweredAnswerResult {
  groupId: number;
  documentId: number;
  documentName: string;
}

/** A model's price, in US dollars per million tokens (the operator's table). */
export interface ModelPrice {
  model: string;
  inputUsdPerMillion: number;
  outputUsdPerMillion: number;
}

/**
 * GET /api/analytics/usage: this month (the owner's time zone) — the plan's limits and what is used,
 * the cost so far per day and per agent, and the month's projection (the cost so far spread over
 * the days gone, times the month's days). Prices and the exchange rate are the operator's.
 */
export interface AnalyticsUsage {
  /** YYYY-MM */
  month: string;
  timezone: string;
  plan: { id: string; name: string } | null;
  /** limit null: unlimited */
  agents: { used: number; limit: number | null };
  /** customer messages received and replies sent this month; limit null: unlimited */
  messages: { used: number; limit: number | null };
  costBrl: { monthToDate: number; projected: number };
  tokens: { input: number; output: number };
  daily: { date: string; costBrl: number }[];
  byAgent: { agentId: number | null; name: string | null; costBrl: number; calls: number }[];
  prices: ModelPrice[];
  /** reais per US dollar */
  exchangeRate: number;
}
