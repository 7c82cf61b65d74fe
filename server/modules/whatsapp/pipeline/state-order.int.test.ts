import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookInbox } from '../../../db/schema';
import { HttpClient } from '../../../test/http-client';
import type { TestApp } from '../../../test/harness';
import { WEBHOOK_PATH, WEBHOOK_SECRET_HEADER } from '../whatsapp-shared';
import { processInboxBatch } from './inbox';
import { INBOX_SOURCE, type InboxPayload } from './store/store-inbox';
import {
  createLine,
  instanceRow,
  newOwner,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * Connection and QR deliveries are concurrent requests, stored in the order they arrive: the
 * instance's state follows the order the gateway sent them (its `date_time`), whether they are
 * handled in one inbox batch or in several.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;
beforeAll(async () => {
  app = await startPipelineApp();
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

describe('connection and QR deliveries out of order', () => {
  it('a QR code the gateway sent before the scan but delivered after the connection does not undo it', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { scan: false });
    const deliver = (event: string, data: unknown, msAfter: number) =>
      new HttpClient(t.baseUrl).request('POST', WEBHOOK_PATH, {
        // later than the simulator's own events (its clock is São Paulo time labelled UTC)
        json: {
          event,
          instance: line.name,
          data,
          date_time: new Date(start + msAfter).toISOString(),
        },
        headers: { [WEBHOOK_SECRET_HEADER]: line.secret },
        origin: null,
      });
    const start = Date.now();
    const qr = {
      qrcode: { instance: line.name, code: '2@abc', base64: 'data:image/png;base64,AA' },
    };
    const state = (value: string) => ({
      instance: line.name,
      state: value,
      wuid: '5511955554444@s.whatsapp.net',
    });
    const qrHandled = (count: number) =>
      waitFor(async () => {
        const rows = await t.ctx.database.db
          .select({
            status: webhookInbox.status,
            event: sql<string>`${webhookInbox.payload}->>'event'`,
          })
          .from(webhookInbox)
          .where(sql`${webhookInbox.payload}->'target'->>'instanceName' = ${line.name}`);
        const ours = rows.filter((r) => r.event === 'qrcode.updated');
        return rows.every((r) => r.status === 'done') && ours.length >= count;
      }, 'every delivery handled');

    // One after the other: the QR is handled in a later batch than the connection.
    expect((await deliver('connection.update', state('open'), 20)).status).toBe(200);
    await waitFor(async () => (await instanceRow(t, line)).status === 'CONNECTED', 'CONNECTED');
    const before = await qrHandled(1);
    expect((await deliver('qrcode.updated', qr, 10)).status).toBe(200);
    await qrHandled(2);
    expect(before).toBe(true);
    expect(await instanceRow(t, line)).toMatchObject({ status: 'CONNECTED', qrCode: null });

    // At the same moment (most likely one batch), after the phone lost the connection.
    expect((await deliver('connection.update', state('close'), 30)).status).toBe(200);
    await waitFor(async () => (await instanceRow(t, line)).status !== 'CONNECTED', 'disconnected');
    await Promise.all([
      deliver('connection.update', state('open'), 50),
      deliver('qrcode.updated', { qrcode: { ...qr.qrcode, code: '2@def' } }, 40),
    ]);
    await qrHandled(3);
    expect(await instanceRow(t, line)).toMatchObject({ status: 'CONNECTED', qrCode: null });
  });

  it('two workers handling a newer connection and an older one at once keep the newer', async () => {
    // In separate batches at the same moment, as two workers take them: each batch's check of
    // "a newer state applied" ran before the other was marked done, and the older won.
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId, { scan: false });
    const target = {
      kind: 'agent' as const,
      id: line.instanceRowId,
      agentId: line.agentId,
      instanceName: line.name,
    };
    const store = async (state: string, at: number) => {
      const payload: InboxPayload = {
        target,
        event: 'connection.update',
        data: { instance: line.name, state, wuid: '5511955554444@s.whatsapp.net' },
        at: new Date(at).toISOString(),
      };
      const [row] = await t.ctx.database.db
        .insert(webhookInbox)
        .values({ source: INBOX_SOURCE, dedupeKey: `evt:agent:${target.id}:t${at}`, payload })
        .returning({ id: webhookInbox.id });
      return row!.id;
    };
    const base = Date.now() + 60_000; // after the simulator's own events
    for (let round = 0; round < 5; round++) {
      const older = await store('connecting', base + round * 100 + 10);
      const newer = await store('open', base + round * 100 + 20);
      await Promise.all([
        processInboxBatch(t.ctx, [newer], { lastAttempt: true }),
        processInboxBatch(t.ctx, [older], { lastAttempt: true }),
      ]);
      expect(await instanceRow(t, line), `round ${round}`).toMatchObject({ status: 'CONNECTED' });
    }
  });
});
