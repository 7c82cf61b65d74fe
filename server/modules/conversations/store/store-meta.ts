import { sql } from 'drizzle-orm';
import type { InboxCitation } from '@common/schemas/inbox';
import { conversations } from '../../../db/schema';
import type { ConversationRow } from '../conversations.repo';

/**
 * What the core keeps in `conversations.metadata` for a channel that answers in background jobs:
 * the line the customer reached and where replies go (`target`, `replyJid`: the channel's
 * address of them) and the turn in progress (`plan`: its parts, each sent once). Today's one such
 * channel is WhatsApp, through an Evolution gateway or the official Cloud API, whose names these
 * are.
 */

/**
 * Where a delivery came from: a per-agent Evolution instance ('agent'), a registered gateway
 * instance ('registry'), or an agent's official number on the Cloud API ('cloud').
 */
export interface PipelineTarget {
  kind: 'agent' | 'registry' | 'cloud';
  /** whatsapp_instances.id, evolution_instances.id or whatsapp_cloud_numbers.id */
  id: number;
  agentId: number;
  /** the instance name at the gateway (the envelope's `instance`); `cloud:<phone number id>` */
  instanceName: string;
}

/** The turn in progress: the reply as parts, each recorded once it is out. */
export interface ReplyPlan {
  /** the user messages this turn answers */
  messageIds: number[];
  parts: { text: string; kind: 'text' | 'audio' }[];
  /** parts[0..sent) are out and recorded */
  sent: number;
  /** a part handed to the gateway whose answer we have not recorded yet (crash, time-out) */
  inflight: { index: number; at: number } | null;
  /**
   * When part `sent` is due (epoch ms): the end of its typing pause, which the contact sees as
   * "typing…" while no job waits for it. Absent or past: now.
   */
  nextAt?: number | null;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** the passages the reply cited, stored with its first part (absent in plans made before) */
  citations?: InboxCitation[];
}

export interface ConversationMeta {
  target?: PipelineTarget;
  /** the JID replies go to (the phone JID of an @lid sender) */
  replyJid?: string;
  plan?: ReplyPlan | null;
}

export function metaOf(row: Pick<ConversationRow, 'metadata'>): ConversationMeta {
  return row.metadata ?? {};
}

/** conversations.metadata with `patch`'s keys set (the other keys kept). */
export const mergedMetadata = (patch: ConversationMeta) =>
  sql`coalesce(${conversations.metadata}, '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb`;
