import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type AppDb } from '../../db/client';
import { agents, contactRequests, paymentEvents, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;

/** States in which the subscription exists at the provider and is not over. */
export const LIVE_STATUSES = ['trialing', 'active', 'paused'] as const;

export async function insertSubscription(
  db: AppDb,
  values: NewSubscription,
): Promise<SubscriptionRow> {
  const rows = await db.insert(subscriptions).values(values).returning();
  return rows[0]!;
}

/** The user's trialing, active or paused subscription, newest first. */
export async function findLive(db: AppDb, userId: number): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return rows[0];
}

export function listPending(db: AppDb, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'pending')))
    .orderBy(desc(subscriptions.id));
}

/** The newest subscription of the user, whatever its state. */
export async function findLatest(db: AppDb, userId: number): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return rows[0];
}

/** Unscoped: only the sync path (which starts from the provider's id) uses these two. */
export async function findById(db: AppDb, id: number): Promise<SubscriptionRow | undefined> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return rows[0];
}

export async function findByProviderId(
  db: AppDb,
  providerId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerId))
    .limit(1);
  return rows[0];
}

export async function updateSubscription(
  db: AppDb,
  id: number,
  patch: Partial<NewSubscription>,
): Promise<SubscriptionRow> {
  const rows = await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return rows[0]!;
}

export async function deleteSubscription(db: AppDb, id: number): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
}

/** Every subscription the provider may still change (reconciliation). */
export function listNonFinal(db: AppDb): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(ne(subscriptions.status, 'cancelled'), isNotNull(subscriptions.providerSubscriptionId)),
    )
    .orderBy(asc(subscriptions.id));
}

/** Records a notification once; false when this (event id, type) was already received. */
export async function recordPaymentEvent(
  db: AppDb,
  event: { providerEventId: string; type: string; payload: unknown; subscriptionId?: number },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ ...event, payload: event.payload ?? {} })
    .onConflictDoNothing({ target: [paymentEvents.providerEventId, paymentEvents.type] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function insertContactRequest(
  db: AppDb,
  values: typeof contactRequests.$inferInsert,
): Promise<number> {
  const rows = await db
    .insert(contactRequests)
    .values(values)
    .returning({ id: contactRequests.id });
  return rows[0]!.id;
}

/** The owner's agent ids, oldest first (the oldest ones stay enabled under a plan's limit). */
export async function listAgentIds(db: AppDb, ownerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.ownerId, ownerId))
    .orderBy(asc(agents.id));
  return rows.map((r) => r.id);
}

/** What answering a customer with an agent depends on (see entitlements.customerAccess). */
export interface CustomerAccessRow {
  planId: string | null;
  status: string | null;
  /** how many of the owner's agents are older than this one: its place against the limit */
  olderAgents: number;
  /** whether the agent is the owner's */
  owns: boolean;
}

/**
 * The CustomerAccessRow of an owner's agent as one SQL expression (a JSON object), so another
 * statement can carry it along (the WhatsApp reply reads it with the conversation).
 */
export function customerAccessExpression(ownerId: SQL, agentId: SQL): SQL {
  return sql`(SELECT json_build_object(
      'planId', s.plan_id,
      'status', s.status,
      'olderAgents', (SELECT count(*) FROM agents a WHERE a.owner_id = ${ownerId} AND a.id < ${agentId}),
      'owns', EXISTS (SELECT 1 FROM agents a WHERE a.id = ${agentId} AND a.owner_id = ${ownerId}))
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT plan_id, status FROM subscriptions
      WHERE user_id = ${ownerId} AND status IN (${sql.join(
        LIVE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      ORDER BY id DESC LIMIT 1
    ) AS s ON true)`;
}

export async function findCustomerAccess(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<CustomerAccessRow> {
  const rows = await queryRows<{ access: CustomerAccessRow }>(
    db,
    sql`SELECT ${customerAccessExpression(sql`${ownerId}::int`, sql`${agentId}::int`)} AS access`,
  );
  return rows[0]!.access;
}
