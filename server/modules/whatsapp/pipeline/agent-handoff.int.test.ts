import { sql } from 'drizzle-orm';
import type { OwnerNotification } from '@common/schemas/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { startTestApp, type TestApp } from '../../../test/harness';
import type { HttpClient } from '../../../test/http-client';
import { SseReader } from '../../../test/sse-client';
import { OWNER_WHATSAPP_QUEUE } from '../../notifications';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  messagesOf,
  newOwner,
  phoneNumbers,
  repliesTo,
  settle,
  simulatorHandles,
  waitFor,
  waitForReplies,
  type Owner,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * The agent's handoff on WhatsApp, through the simulator, with the offline model (no provider configured,
 * as by default): the agent hands over by itself when a customer asks for a person, the owner is
 * notified (stored, live on GET /api/events, and on their own WhatsApp when they turned it on), and
 * a connected number that drops notifies the owner too.
 */
let t: TestApp;
let s: SimulatorHandles;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await startTestApp({ jobs: true, env: FAST_PIPELINE_ENV });
  s = await simulatorHandles(t);
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  if (s) await settle(t, s);
  await t?.close();
});

const newPhone = phoneNumbers(73000000);
const DEFAULT_MESSAGE =
  'Vou chamar alguém da equipe para continuar o atendimento. Aguarde um instante, por favor.';

async function liveEvents(client: HttpClient) {
  const reader = await SseReader.open(client, '/api/events');
  readers.push(reader);
  expect(reader.status).toBe(200);
  await reader.until((r) => r.blocks.some((b) => b.id !== undefined), 'the starting id');
  return reader;
}

function notificationEvents(reader: SseReader): OwnerNotification[] {
  return reader.events
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data!) as { notification: OwnerNotification }).notification);
}

async function notificationsOf(owner: Owner) {
  const res = await owner.client.get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body as { items: OwnerNotification[]; unread: number; nextBefore: number | null };
}

/** The owner WhatsApp job of a notification, once pg-boss has completed it. */
function jobDone(notificationId: number) {
  return waitFor(async () => {
    const [row] = await queryRows<{ state: string }>(
      t.ctx.database.db,
      sql`SELECT state FROM pgboss.job WHERE name = ${OWNER_WHATSAPP_QUEUE}
            AND (data->>'notificationId')::bigint = ${notificationId}`,
    );
    return row?.state === 'completed' ? row : null;
  }, 'the WhatsApp notification job');
}

describe('the agent hands over by itself on WhatsApp (offline model)', () => {
  it('sends the configured message once, hands over, notifies the owner live, then stays quiet', async () => {
    const owner = await newOwner(t);
    const custom = 'Um momento! Já chamo a Dona Maria para falar com você.';
    const saved = await owner.client.put(`/api/agents/${owner.agentId}`, {
      handoffMessage: `  ${custom}  `,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.handoffMessage).toBe(custom);
    const line = await createLine(t, s, owner.agentId);
    const events = await liveEvents(owner.client);
    const phone = newPhone();

    await customerSays(s, line, {
      from: phone,
      text: 'Quero falar com um atendente',
      pushName: 'Ana',
    });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).toBe(custom);
    const conversation = (await conversationOf(t, owner.agentId, phone))!;
    expect(conversation.handedOverAt).not.toBeNull();

    await events.until((r) => notificationEvents(r).length > 0, 'the notification event');
    const [live] = notificationEvents(events);
    expect(live).toMatchObject({
      kind: 'needs-person',
      conversationId: conversation.id,
      agentId: owner.agentId,
      subject: 'Ana',
      readAt: null,
    });
    const listed = await notificationsOf(owner);
    expect(listed.unread).toBe(1);
    expect(listed.items).toEqual([live]);
    const inbox = await owner.client.get('/api/conversations?status=needs-person');
    expect(inbox.body.items[0]).toMatchObject({ id: conversation.id, bot: { state: 'person' } });

    // The next message is for a person: stored, not answered, and no second notification.
    await customerSays(s, line, { from: phone, text: 'Alô? Tem alguém aí?' });
    await waitFor(
      async () => ((await messagesOf(t, conversation.id)).length === 3 ? true : null),
      'the next message stored',
    );
    await settle(t, s);
    expect(await repliesTo(s, line, phone)).toHaveLength(1);
    expect((await notificationsOf(owner)).items).toHaveLength(1);
    expect((await messagesOf(t, conversation.id)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Quero falar com um atendente'],
      ['assistant', custom],
      ['user', 'Alô? Tem alguém aí?'],
    ]);
  });

  it('answers a question that only mentions an attendant, and a denial, as usual', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, { from: phone, text: 'Não quero falar com atendente, oi' });
    const [reply] = await waitForReplies(s, line, phone, 1);
    expect(reply!.text).not.toBe(DEFAULT_MESSAGE);
    expect((await conversationOf(t, owner.agentId, phone))!.handedOverAt).toBeNull();
    expect((await notificationsOf(owner)).items).toEqual([]);
  });
});

describe('a dropped WhatsApp number', () => {
  it('a connected WhatsApp number that drops notifies the owner', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const disconnected = await s.control('POST', `/${line.name}/disconnect`, {});
    expect(disconnected.status).toBe(200);
    const listed = await waitFor(async () => {
      const page = await notificationsOf(owner);
      return page.items.length > 0 ? page : null;
    }, 'the disconnection notification');
    expect(listed.items).toEqual([
      expect.objectContaining({
        kind: 'whatsapp-disconnected',
        agentId: owner.agentId,
        subject: 'Atendente',
      }),
    ]);
  });
});

describe('notifications on the owner’s own WhatsApp', () => {
  it('sends the notification to the owner’s number through the agent’s connected number', async () => {
    const owner = await newOwner(t);
    const ownerPhone = '5511987650001';
    await owner.client.put('/api/notifications/settings', {
      whatsappEnabled: true,
      whatsappPhone: '(11) 98765-0001',
    });
    const line = await createLine(t, s, owner.agentId);
    const phone = newPhone();
    await customerSays(s, line, {
      from: phone,
      text: 'quero falar com o gerente',
      pushName: 'Rui',
    });
    await waitForReplies(s, line, phone, 1);
    const [notice] = await waitForReplies(s, line, ownerPhone, 1);
    expect(notice!.text).toContain('Uma conversa precisa de atendimento: Rui.');
    expect(notice!.text).toContain('/dashboard');
    const [notification] = (await notificationsOf(owner)).items;
    await jobDone(notification!.id);
    expect(await repliesTo(s, line, ownerPhone)).toHaveLength(1);
  });

  it('skips (and completes the job) when the owner has no connected number left', async () => {
    const owner = await newOwner(t);
    await owner.client.put('/api/notifications/settings', {
      whatsappEnabled: true,
      whatsappPhone: '11987650002',
    });
    const line = await createLine(t, s, owner.agentId);
    // The only number drops: its notification has nothing to go through.
    await s.control('POST', `/${line.name}/disconnect`, {});
    const notification = await waitFor(
      async () => (await notificationsOf(owner)).items[0],
      'the disconnection notification',
    );
    expect(notification.kind).toBe('whatsapp-disconnected');
    await jobDone(notification.id);
    expect(await repliesTo(s, line, '5511987650002')).toEqual([]);
  });
});
