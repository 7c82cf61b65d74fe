import type { GoLiveChecklist } from '@common/schemas/agent';
import type { AppDb } from '../../db/client';
import { agentServesCustomers, ownerServesCustomers } from '../subscriptions';
import { checklistAgent } from './dashboard.repo';

/**
 * The go-live checklist of the dashboard home: each step an owner takes before customers are
 * answered, done or not, about the agent furthest along. The subscription step asks whether that
 * agent may answer customers (a live subscription and the agent within the plan's limit).
 */
export async function goLiveChecklist(db: AppDb, ownerId: number): Promise<GoLiveChecklist> {
  const row = await checklistAgent(db, ownerId);
  const subscription = row
    ? await agentServesCustomers(db, ownerId, row.id)
    : await ownerServesCustomers(db, ownerId);
  return {
    agent: row ? { id: row.id, name: row.name, status: row.status } : null,
    done: {
      subscription,
      agent: row?.status === 'active',
      knowledge: row?.knowledge ?? false,
      tested: row?.tested ?? false,
      whatsapp: row?.whatsapp ?? false,
      widget: row?.widget ?? false,
    },
    widgetOrigin: row?.widgetOrigin ?? null,
  };
}
