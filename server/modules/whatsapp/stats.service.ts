import type { WhatsappEventType, WhatsappEventView, WhatsappStats } from '@common/schemas/whatsapp';
import type { AppDb } from '../../db/client';
import { getAgent } from '../agents';
import * as instances from './instance.repo';
import { todayFigures } from './stats.repo';
import { isConnectedStatus } from './whatsapp-shared';

export const ACTIVITY_LIMIT = 10;

export function toEventView(row: instances.WhatsappEventRow): WhatsappEventView {
  return {
    id: row.id,
    type: row.type as WhatsappEventType,
    detail: row.detail ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/agents/{id}/whatsapp/stats — real figures of today (São Paulo), never simulated. */
export async function agentStats(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<WhatsappStats> {
  const agent = await getAgent(db, ownerId, agentId);
  const [figures, instance] = await Promise.all([
    todayFigures(db, agent.id),
    instances.findInstanceOfAgent(db, ownerId, agent.id),
  ]);
  const connected = instance && isConnectedStatus(instance.status);
  return {
    messagesInToday: figures.messagesIn,
    messagesOutToday: figures.messagesOut,
    avgReplyMs: figures.avgReplyMs,
    contactsToday: figures.contacts,
    failedToday: figures.failed,
    connectionEventsToday: figures.connectionEvents,
    connectedSince: connected ? (instance.connectedAt?.toISOString() ?? null) : null,
  };
}

/** GET /api/agents/{id}/whatsapp/activity — the latest events, newest first. */
export async function agentActivity(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<WhatsappEventView[]> {
  const agent = await getAgent(db, ownerId, agentId);
  return (await instances.latestEventsOfAgent(db, agent.id, ACTIVITY_LIMIT)).map(toEventView);
}
