import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentReminders } from '../../db/schema';
import { ownerWithSchedule, SP } from '../../test/appointments-helpers';
import { freePort, type TestApp } from '../../test/harness';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server';
import { testDatabaseKind } from '../../test/test-env';
import {
  createLine,
  phoneNumbers,
  repliesTo,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  type PipelineApp,
  type SimulatorHandles,
} from '../whatsapp/pipeline/testing/pipeline-helpers';
import { REMINDER_QUEUE } from './index';

/**
 * PostgreSQL only (the embedded pass leaves this file out): two worker processes on one database —
 * the test's app and a real `ROLE=worker` server — work the reminder jobs, and every reminder is
 * sent once. Each reminder gets three more jobs of its own (no singleton key), so the two workers
 * race for the same reminder: only the row's claim keeps it to one send (ADR 0029).
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
let worker: SpawnedServer;
let dataDir: string;
const newPhone = phoneNumbers(82000000);
const HOUR = 3_600_000;
const SLOT = 15 * 60_000;
const CUSTOMERS = 12;

beforeAll(async () => {
  if (testDatabaseKind() !== 'postgres') {
    throw new Error('reminders-postgres.int.test.ts runs on PostgreSQL: TEST_DATABASE=postgres');
  }
  app = await startPipelineApp();
  ({ t, s } = app);
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-reminders-'));
  worker = spawnServer({
    DATABASE_URL: t.ctx.config.DATABASE_URL!,
    ROLE: 'worker',
    PORT: String(await freePort()),
    // the worker serves no HTTP: it reaches the built-in gateway simulator on the test's app
    PUBLIC_URL: t.baseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: t.ctx.appSecret,
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

describe('two workers on PostgreSQL', () => {
  it('send each reminder once', async () => {
    const owner = await ownerWithSchedule(t, { capacity: CUSTOMERS });
    const weekly = Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      start: '00:00',
      end: '24:00',
      capacity: CUSTOMERS,
    }));
    await owner.client.put(`/api/agents/${owner.agentId}/availability`, { timezone: SP, weekly });
    const line = await createLine(t, s, owner.agentId);
    const startsAt = new Date(Math.ceil((Date.now() + 2 * HOUR + 60_000) / SLOT) * SLOT);
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
    await waitFor(
      async () => {
        for (const phone of phones) if ((await repliesTo(s, line, phone)).length < 1) return null;
        return true;
      },
      'every reminder sent',
      60_000,
    );
    await waitFor(async () => {
      const done = await t.ctx.database.db
        .select({ status: appointmentReminders.status })
        .from(appointmentReminders)
        .where(inArray(appointmentReminders.appointmentId, ids));
      return done.every((r) => r.status === 'sent');
    }, 'every reminder recorded as sent');
    // every extra job has run by now (or runs and finds it sent)
    await new Promise((r) => setTimeout(r, 5000));
    for (const phone of phones) expect(await repliesTo(s, line, phone)).toHaveLength(1);
    // the spawned worker took part
    expect(worker.output()).toContain('appointment reminder');
    const [one] = await t.ctx.database.db
      .select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.id, rows[0]!.id));
    expect(one!.messageId).not.toBeNull();
  }, 120_000);
});
