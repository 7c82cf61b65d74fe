import { randomBytes } from 'node:crypto';
import { DEFAULT_WHATSAPP_SETTINGS } from '@common/schemas/whatsapp';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../../db/client';
import {
  conversations,
  messages,
  whatsappInstances,
  whatsappSettings,
} from '../../../../db/schema';
import { SUBSCRIBED_EVENTS } from '../../../../adapters/gateway/evolution-events';
import {
  simulatorHandles,
  uniqueName,
  type SimulatorHandles,
} from '../../../../adapters/gateway/testing/simulator-helpers';
import { subscribeViaSandbox } from '../../../../test/billing-helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/fake-openai';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { signedInClient, type HttpClient } from '../../../../test/http-client';
import { waitFor } from '../../../../test/wait-for';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../../whatsapp-shared';
import { WHATSAPP_INBOX_QUEUE } from '../queues';
import { sweepWhatsapp } from '../sweep';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = any;

/** Zero debounce, zero typing pauses and immediate retries: fast and deterministic tests. */
export const FAST_PIPELINE_ENV = {
  WHATSAPP_TYPING_DELAY_MS: '0',
  WHATSAPP_RETRY_DELAY_SECONDS: '0',
};

export { waitFor };

export interface Owner {
  client: HttpClient;
  user: { email: string; name: string };
  userId: number;
  agentId: number;
}

/**
 * A signed-in owner with one agent. WhatsApp answers only customers of owners with a trialing or
 * active subscription, so by default the owner subscribes first through the sandbox
 * checkout (`plan`; the app runs with jobs and without MERCADOPAGO_ACCESS_TOKEN); `plan: null`
 * leaves them without one.
 */
export async function newOwner(
  t: TestApp,
  options: { systemPrompt?: string; plan?: string | null } = {},
): Promise<Owner> {
  const { client, user, id } = await signedInClient(t.baseUrl);
  const plan = options.plan === undefined ? 'standard' : options.plan;
  if (plan) await subscribeViaSandbox(client, user, plan);
  const res = await client.post('/api/agents', {
    name: 'Atendente',
    systemPrompt: options.systemPrompt ?? 'Você atende a Padaria Pão Quente.',
  });
  if (res.status !== 201) throw new Error(`agent: ${res.status} ${res.text}`);
  return { client, user, userId: id, agentId: (res.body as { id: number }).id };
}

export interface Line {
  name: string;
  secret: string;
  agentId: number;
  instanceRowId: number;
}

/**
 * A per-agent instance as the instance routes make it: created at the simulator with our webhook
 * (secret header, our events), stored encrypted; `scan` connects it through the webhook.
 */
export async function createLine(
  t: TestApp,
  s: SimulatorHandles,
  agentId: number,
  options: { scan?: boolean; settings?: Partial<typeof whatsappSettings.$inferInsert> } = {},
): Promise<Line> {
  const name = uniqueName('wa');
  const secret = randomBytes(24).toString('base64url');
  const db = t.ctx.database.db;
  const [row] = await db
    .insert(whatsappInstances)
    .values({
      instanceName: name,
      phoneNumber: '5511900000000',
      agentId,
      webhookSecret: t.ctx.secrets.encrypt(secret),
      status: 'CREATED',
    })
    .returning({ id: whatsappInstances.id });
  await s.client.createInstance({
    instanceName: name,
    webhook: {
      url: `${t.baseUrl}${WEBHOOK_PATH}`,
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
      events: SUBSCRIBED_EVENTS,
    },
  });
  await db
    .insert(whatsappSettings)
    .values({ agentId, ...DEFAULT_WHATSAPP_SETTINGS, debounceMs: 0, ...options.settings })
    .onConflictDoUpdate({
      target: whatsappSettings.agentId,
      set: { ...DEFAULT_WHATSAPP_SETTINGS, debounceMs: 0, ...options.settings },
    });
  const line = { name, secret, agentId, instanceRowId: row!.id };
  if (options.scan !== false) {
    const scanned = await s.control('POST', `/${name}/scan`, { number: '5511900000000' });
    if (scanned.status !== 200) throw new Error(`scan: ${scanned.status}`);
    await waitFor(
      async () => (await instanceRow(t, line)).status === 'CONNECTED',
      'CONNECTED',
    ).catch(async (err: Error) => {
      throw new Error(`${err.message}; ${await whereDeliveriesAre(t, name)}`);
    });
  }
  return line;
}

/**
 * Where an instance's webhook deliveries stopped, for a wait that timed out: the inbox rows the
 * webhook stored and the inbox jobs' states (queued, running, done) with their times.
 */
async function whereDeliveriesAre(t: TestApp, instanceName: string): Promise<string> {
  const db = t.ctx.database.db;
  const inbox = await queryRows(
    db,
    sql`SELECT id, payload->>'event' AS event, status, attempts, error,
               received_at AS "receivedAt", processed_at AS "processedAt"
        FROM webhook_inbox WHERE payload->'target'->>'instanceName' = ${instanceName} ORDER BY id`,
  );
  const jobs = await queryRows(
    db,
    sql`SELECT state, count(*)::int AS n, min(created_on) AS "firstCreated",
               max(started_on) AS "lastStarted", max(completed_on) AS "lastCompleted"
        FROM pgboss.job WHERE name = ${WHATSAPP_INBOX_QUEUE} GROUP BY state`,
  );
  return `at ${new Date().toISOString()} inbox rows ${JSON.stringify(inbox)}, inbox jobs ${JSON.stringify(jobs)}`;
}

export async function instanceRow(t: TestApp, line: Line) {
  const rows = await t.ctx.database.db
    .select()
    .from(whatsappInstances)
    .where(eq(whatsappInstances.id, line.instanceRowId));
  return rows[0]!;
}

export async function customerSays(
  s: SimulatorHandles,
  line: Line,
  input: Record<string, unknown>,
): Promise<Json> {
  const res = await s.control('POST', `/${line.name}/messages`, input);
  if (res.status !== 201) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
  if (input.fromMe) typedOnPhone.add((res.body as { key: { id: string } }).key.id);
  return res.body;
}

/** The simulator lists what the owner typed on the phone as outgoing too; these are not ours. */
const typedOnPhone = new Set<string>();

/** What the simulated phone received from us (sent through the API), oldest first. */
export async function repliesTo(
  s: SimulatorHandles,
  line: Line,
  number: string,
): Promise<
  {
    text: string;
    messageType: string;
    keyId: string;
    typedMs: number | null;
    heldMs: number | null;
  }[]
> {
  const res = await s.control('GET', `/${line.name}/messages?number=${number}`);
  type Row = {
    direction: string;
    text: string;
    messageType: string;
    keyId: string;
    typedMs: number | null;
    heldMs: number | null;
  };
  return (res.body as Row[]).filter((m) => m.direction === 'out' && !typedOnPhone.has(m.keyId));
}

export async function waitForReplies(
  s: SimulatorHandles,
  line: Line,
  number: string,
  count: number,
  timeoutMs = 20_000,
) {
  return waitFor(
    async () => {
      const out = await repliesTo(s, line, number);
      return out.length >= count ? out : null;
    },
    `${count} replies to ${number}`,
    timeoutMs,
  );
}

export async function conversationOf(t: TestApp, agentId: number, contactId: string) {
  const rows = await t.ctx.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.contactId, contactId));
  return rows.find((r) => r.agentId === agentId) ?? null;
}

export async function messagesOf(t: TestApp, conversationId: number) {
  return t.ctx.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.id);
}

/**
 * Whether nothing is under way: every stored webhook delivery handled, and no job running, retrying
 * or due within the next seconds (a reminder due in an hour does not count).
 */
async function nothingUnderWay(t: TestApp): Promise<boolean> {
  const [row] = await queryRows<{ busy: number }>(
    t.ctx.database.db,
    sql`SELECT (SELECT count(*) FROM webhook_inbox WHERE status = 'received')
             + CASE WHEN to_regclass('pgboss.job') IS NULL THEN 0 ELSE
                 (SELECT count(*) FROM pgboss.job
                   WHERE state IN ('active', 'retry')
                      OR (state = 'created' AND start_after <= now() + interval '3 seconds'))
               END AS busy`,
  );
  return Number(row?.busy ?? 0) === 0;
}

/**
 * Waits until the app is quiet: the simulator has delivered every webhook it holds and nothing
 * is under way, seen twice in a row with a delivery drain between. A check that nothing more was
 * sent comes after it; no more can be, short of a timer further ahead.
 */
export async function settle(t: TestApp, s: SimulatorHandles) {
  const quiet = async () => {
    await s.control('POST', '/_drain');
    return nothingUnderWay(t);
  };
  await waitFor(async () => (await quiet()) && (await quiet()), 'the app quiet', 30_000);
}

/**
 * The minute's sweep, run now instead of waited for: every delivery not queued and every turn
 * due (however recently) gets its job.
 */
export function sweepNow(t: TestApp) {
  return sweepWhatsapp(t.ctx, 0);
}

export { simulatorHandles, uniqueName };
export type { SimulatorHandles };

/** A test file's pipeline: an app that works jobs, its in-app simulator, and a fake provider. */
export interface PipelineApp {
  t: TestApp;
  s: SimulatorHandles;
  ai: FakeOpenAI;
}

/**
 * Starts a PipelineApp whose owners' agents answer through the fake OpenAI-compatible provider
 * (`answer`: what it says; its default echoes), with `env` on top (FAST_PIPELINE_ENV unless given).
 */
export async function startPipelineApp(
  env: Record<string, string> = FAST_PIPELINE_ENV,
  answer?: FakeOpenAI['answer'],
): Promise<PipelineApp> {
  const ai = await startFakeOpenAI();
  if (answer) ai.answer = answer;
  const t = await startTestApp({
    jobs: true,
    env: { ...env, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: ai.url },
  });
  return { t, s: await simulatorHandles(t), ai };
}

/** Closes what startPipelineApp started, once our replies' echoes are no longer in flight. */
export async function stopPipelineApp(app: Partial<PipelineApp> | undefined) {
  if (app?.s && app.t) await settle(app.t, app.s);
  await app?.t?.close();
  await app?.ai?.close();
}

/**
 * Fresh São Paulo mobiles (DDD 11 keeps its 9th digit at the gateway), one after another; `base`
 * keeps the numbers of test files that share a database apart.
 */
export function phoneNumbers(base: number): () => string {
  let seq = 0;
  return () => `55119${String(base + process.pid * 100 + ++seq).slice(-8)}`;
}
