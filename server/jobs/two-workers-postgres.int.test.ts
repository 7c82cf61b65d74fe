import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentReminders, conversations, followUps } from '../db/schema';
import { everyHour, ownerWithSchedule, slotAhead, SP } from '../test/appointments-helpers';
import { freePort, type TestApp } from '../test/harness';
import { spawnServer, type SpawnedServer } from '../test/spawn-server';
import { testDatabaseKind } from '../test/test-env';
import {
  createLine,
  customerSays,
  phoneNumbers,
  repliesTo,
  settle,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  type Line,
  type PipelineApp,
  type SimulatorHandles,
} from '../modules/whatsapp/pipeline/testing/pipeline-helpers';
import { FOLLOW_UP_QUEUE } from '../modules/follow-ups';
import { REMINDER_QUEUE } from '../modules/reminders';

/**
 * PostgreSQL only (the embedded pass leaves this file out): two worker processes on one database —
 * the test's app and a real `ROLE=worker` server — work the reminder and follow-up jobs, and every
 * one is sent once. Each gets three more jobs of its own (no singleton key), so the two workers
 * race for the same row: only the row's claim keeps it to one send (ADR 0029, 0031).
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let worker: SpawnedServer;
let dataDir: string;
const newPhone = phoneNumbers(83000000);
const HOUR = 3_600_000;
const CUSTOMERS = 12;

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') {
    throw new Error('two-workers-postgres.int.test.ts runs on PostgreSQL: TEST_DATABASE=postgres');
  }
  app = await startPipelineApp();
  ({ t, s } = app);
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-two-workers-'));
  worker = spawnServer({
    DATABASE_URL: t.ctx.config.DATABASE_URL!,
    ROLE: 'worker',
    PORT: String(await freePort()),
    // the worker serves no HTTP: it reaches the built-in gateway simulator on the test's app
    PUBLIC_URL: t.baseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: t.ctx.appSecret,
    // the same model as the test's app (the fake on loopback)
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: app.ai.url,
  });
  await worker.ready;
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exit;
  }
  await stopPipelineApp(app);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Every phone gets its `count` messages and every row is recorded as sent; then, once the extra
 * jobs have had their chance to run (or run and find it sent), no phone has more.
 */
async function expectEachSentOnce(
  line: Line,
  phones: string[],
  count: number,
  statuses: () => Promise<string[]>,
) {
  await waitFor(
    async () => {
      for (const phone of phones) if ((await repliesTo(s, line, phone)).length < count) return null;
      return true;
    },
    'every one sent',
    60_000,
  );
  await waitFor(
    async () => (await statuses()).every((status) => status === 'sent'),
    'every one recorded as sent',
  );
  await settle(t, s);
  for (const phone of phones) expect(await repliesTo(s, line, phone)).toHaveLength(count);
}

describe('two workers on PostgreSQL', () => {
  it('send each reminder once', async () => {
    const owner = await ownerWithSchedule(t, { capacity: CUSTOMERS });
    await owner.client.put(`/api/agents/${owner.agentId}/availability`, {
      timezone: SP,
      weekly: everyHour(CUSTOMERS),
    });
    const line = await createLine(t, s, owner.agentId);
    const startsAt = slotAhead(2 * HOUR + 60_000);
    const hours = (startsAt.getTime() - Date.now() - 8000) / HOUR;
    await owner.client.put(`/api/agents/${owner.agentId}/reminders`, {
      enabled: true,
      hoursBefore: [hours],
    });
    const phones = Array.from({ length: CUSTOMERS }, () => newPhone());
    const ids: number[] = [];
    for (const phone of phones) {
      const res = await owner.client.post('/api/appointments', {
        agentId: owner.agentId,
        serviceId: owner.serviceId,
        startsAt: startsAt.toISOString(),
        customerName: 'Cliente',
        customerPhone: `+${phone}`,
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id as number);
    }
    const rows = await t.ctx.database.db
      .select()
      .from(appointmentReminders)
      .where(inArray(appointmentReminders.appointmentId, ids));
    expect(rows).toHaveLength(CUSTOMERS);
    for (const row of rows) {
      for (let extra = 0; extra < 3; extra++) {
        // fetched before the reminders' own jobs, one reminder's side by side
        await t.ctx.jobs!.boss.send(
          REMINDER_QUEUE,
          { reminderId: row.id },
          { startAfter: row.dueAt, priority: 1 },
        );
      }
    }
    await expectEachSentOnce(line, phones, 1, async () =>
      (
        await t.ctx.database.db
          .select({ status: appointmentReminders.status })
          .from(appointmentReminders)
          .where(inArray(appointmentReminders.appointmentId, ids))
      ).map((r) => r.status),
    );
    // the spawned worker took part
    expect(worker.output()).toContain('appointment reminder');
    const [one] = await t.ctx.database.db
      .select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.id, rows[0]!.id));
    expect(one!.messageId).not.toBeNull();
  }, 120_000);

  it('send each follow-up once', async () => {
    const owner = await ownerWithSchedule(t);
    await owner.client.put(`/api/agents/${owner.agentId}/follow-ups`, {
      enabled: true,
      delaysHours: [0.25],
    });
    const line = await createLine(t, s, owner.agentId);
    const phones = Array.from({ length: CUSTOMERS }, () => newPhone());
    for (const phone of phones) {
      await customerSays(s, line, { from: phone, text: 'Oi, vocês têm horário amanhã?' });
    }
    // each answered (with a question back: the fake model echoes it), each follow-up scheduled
    const rows = await waitFor(
      async () => {
        const list = await t.ctx.database.db
          .select({ row: followUps })
          .from(followUps)
          .innerJoin(conversations, eq(conversations.id, followUps.conversationId))
          .where(eq(conversations.agentId, owner.agentId));
        return list.length === CUSTOMERS ? list.map((r) => r.row) : null;
      },
      'every follow-up scheduled',
      60_000,
    );
    const ids = rows.map((r) => r.id);
    // time advanced: due now, with three extra jobs each
    await t.ctx.database.db
      .update(followUps)
      .set({ dueAt: new Date() })
      .where(inArray(followUps.id, ids));
    for (const id of ids) {
      await t.ctx.database.db.execute(
        sql`UPDATE pgboss.job SET start_after = now()
          WHERE name = ${FOLLOW_UP_QUEUE} AND singleton_key = ${`follow-up:${id}`}`,
      );
      for (let extra = 0; extra < 3; extra++) {
        await t.ctx.jobs!.boss.send(FOLLOW_UP_QUEUE, { followUpId: id }, { priority: 1 });
      }
    }
    await expectEachSentOnce(line, phones, 2, async () =>
      (
        await t.ctx.database.db
          .select({ status: followUps.status })
          .from(followUps)
          .where(inArray(followUps.id, ids))
      ).map((r) => r.status),
    );
    expect(worker.output()).toContain('follow-up');
  }, 120_000);
});
