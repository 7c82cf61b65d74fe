import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFiles, messages, webhookInbox } from '../../../db/schema';
import type { TestApp } from '../../../test/harness';
import { HttpClient } from '../../../test/http-client';
import {
  conversationOf,
  createLine,
  customerSays,
  FAST_PIPELINE_ENV,
  messagesOf,
  newOwner,
  phoneNumbers,
  startPipelineApp,
  stopPipelineApp,
  waitFor,
  waitForReplies,
  type Line,
  type Owner,
  type PipelineApp,
  type SimulatorHandles,
} from './testing/pipeline-helpers';

/**
 * A WhatsApp customer's voice message or photo in the inbox: the conversation's message
 * carries an owner-only mediaUrl; the file route answers the bytes with the type they have — from
 * the delivery the gateway posted inline, or fetched from the gateway once and then kept — and
 * refuses what is not the audio or image it claims to be.
 */
let app: PipelineApp;
let t: TestApp;
let s: SimulatorHandles;

beforeAll(async () => {
  app = await startPipelineApp(FAST_PIPELINE_ENV);
  ({ t, s } = app);
});
afterAll(() => stopPipelineApp(app));

const newPhone = phoneNumbers(74000000);

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake-jpeg-body')]);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), Buffer.from('opus-bytes')]);

/** The message the customer sent, once stored and answered (the polite message, no provider). */
async function customerMessage(owner: Owner, line: Line, input: Record<string, unknown>) {
  const phone = newPhone();
  await customerSays(s, line, { from: phone, ...input });
  await waitForReplies(s, line, phone, 1);
  const conversation = (await conversationOf(t, owner.agentId, phone))!;
  const row = await waitFor(async () => {
    const list = await messagesOf(t, conversation.id);
    return list.find((m) => m.role === 'user' && m.status === 'done') ?? null;
  }, 'the customer message answered');
  return { conversation, row };
}

async function viewMessage(owner: Owner, conversationId: number, messageId: number) {
  const res = await owner.client.get(`/api/conversations/${conversationId}`);
  expect(res.status).toBe(200);
  return (res.body.messages as { id: number; mediaUrl: string | null }[]).find(
    (m) => m.id === messageId,
  )!;
}

function download(owner: Owner, url: string) {
  return fetch(`${t.baseUrl}${url}`, {
    headers: { cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
}

const storedFiles = (messageId: number) =>
  t.ctx.database.db.select().from(messageFiles).where(eq(messageFiles.messageId, messageId));

describe("a customer's media in the inbox", () => {
  it('a photo posted inline is served with its sniffed type, to its owner only', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { conversation, row } = await customerMessage(owner, line, {
      image: { base64: JPEG.toString('base64'), mimetype: 'text/html', caption: 'Olha o bolo' },
    });
    const view = await viewMessage(owner, conversation.id, row.id);
    expect(view).toMatchObject({
      kind: 'image',
      text: 'Olha o bolo',
      mediaUrl: `/api/conversations/${conversation.id}/messages/${row.id}/file`,
    });

    // Inline in the stored delivery: the gateway is not asked (it would fail here).
    const fault = { match: '/chat/getBase64FromMediaMessage/', status: 500, times: 10 };
    await s.control('POST', '/_faults', fault);
    const file = await download(owner, view.mediaUrl!);
    await s.control('DELETE', '/_faults');
    expect(file.status).toBe(200);
    // What the phone declared (text/html) never decides the type: the bytes do.
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(JPEG)).toBe(true);

    const stranger = await newOwner(t, { plan: null });
    expect((await stranger.client.get(view.mediaUrl!)).status).toBe(404);
    expect((await new HttpClient(t.baseUrl).get(view.mediaUrl!)).status).toBe(401);
  });

  it('a voice message the gateway did not post inline is fetched from it once, then kept', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { conversation, row } = await customerMessage(owner, line, {
      audio: { base64: OGG.toString('base64'), seconds: 3 },
    });
    // As a gateway configured without webhookBase64 would have posted it: no bytes inline.
    await t.ctx.database.db
      .update(webhookInbox)
      .set({ payload: sql`${webhookInbox.payload} #- '{data,message,base64}'` })
      .where(
        and(
          eq(webhookInbox.source, 'whatsapp'),
          sql`${webhookInbox.dedupeKey} LIKE ${`%:${row.gatewayMessageId}`}`,
        ),
      );
    const view = await viewMessage(owner, conversation.id, row.id);
    expect(view.mediaUrl).toBe(`/api/conversations/${conversation.id}/messages/${row.id}/file`);
    expect(await storedFiles(row.id)).toHaveLength(0);

    // The gateway failing: a clear error, nothing kept, and the next view asks again.
    // (more failures than the client's own retries)
    const fault = { match: '/chat/getBase64FromMediaMessage/', status: 500, times: 10 };
    await s.control('POST', '/_faults', fault);
    const failed = await owner.client.get(view.mediaUrl!);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toMatch(/^GATEWAY_/);
    expect(await storedFiles(row.id)).toHaveLength(0);
    await s.control('DELETE', '/_faults');

    const file = await download(owner, view.mediaUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/ogg');
    expect(Buffer.from(await file.arrayBuffer()).equals(OGG)).toBe(true);
    const kept = await storedFiles(row.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      mimetype: 'audio/ogg',
      fileName: 'audio.ogg',
      size: OGG.length,
    });

    // Kept: served again while the gateway fails.
    await s.control('POST', '/_faults', fault);
    const again = await download(owner, view.mediaUrl!);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(OGG)).toBe(true);
    await s.control('DELETE', '/_faults');
  });

  it('bytes that are not the audio they claim to be are refused, and nothing is kept', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { conversation, row } = await customerMessage(owner, line, {
      audio: { base64: html.toString('base64'), mimetype: 'audio/ogg' },
    });
    const res = await owner.client.get(
      `/api/conversations/${conversation.id}/messages/${row.id}/file`,
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'MEDIA_UNAVAILABLE' });
    expect(res.body.message).toMatch(/mídia/);
    expect(await storedFiles(row.id)).toHaveLength(0);
  });

  it('a text message has no media and no file', async () => {
    const owner = await newOwner(t);
    const line = await createLine(t, s, owner.agentId);
    const { conversation, row } = await customerMessage(owner, line, { text: 'Oi' });
    expect((await viewMessage(owner, conversation.id, row.id)).mediaUrl).toBeNull();
    const res = await owner.client.get(
      `/api/conversations/${conversation.id}/messages/${row.id}/file`,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('MESSAGE_NOT_FOUND');
    const [stored] = await t.ctx.database.db
      .select({ kind: messages.kind })
      .from(messages)
      .where(eq(messages.id, row.id));
    expect(stored!.kind).toBe('text');
  });
});
