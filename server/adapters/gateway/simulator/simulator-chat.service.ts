import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredWebhook } from './simulator-webhooks';
import type { SimContext } from './simulator-context';
import { NEVER_CONNECTED_MESSAGE, schemaError, SimError } from './simulator-errors';
import {
  audioContent,
  createJid,
  documentContent,
  imageContent,
  inboundContent,
  lidFor,
  messageTypeOf,
  newMessageId,
  summarise,
  unixNow,
  type MediaInput,
} from './simulator-messages';
import { SimReceipts } from './simulator-receipts';
import * as repo from './simulator.repo';
import type { SimInstance } from './simulator.repo';

type Body = Record<string, unknown>;
const PRESENCES = ['composing', 'recording', 'paused', 'available', 'unavailable'];

export interface InboundInput {
  from: string;
  text?: string;
  audio?: MediaInput & { seconds?: number };
  image?: MediaInput & { caption?: string };
  pushName?: string;
  /** deliver with an @lid remoteJid and the phone JID in remoteJidAlt (as 2.3.6 does) */
  lid?: boolean;
  /** a message typed by the owner on the phone (human takeover) */
  fromMe?: boolean;
  /** a group id (digits): the message comes from `from` inside that group */
  group?: string;
  copies?: number;
  delayMs?: number;
}

/** Messages whose typing time the simulator remembers (the newest). */
const TYPED_REMEMBERED = 5_000;

/** Sending, media and the customer side of the simulated gateway. */
export class SimChat {
  /** "typing…" (or "recording…") a contact sees now, by instance and chat: since when, how long */
  private readonly typing = new Map<string, { since: number; ms: number }>();
  /**
   * Before each message we sent, by key id (the newest ones): how long the contact saw it, and
   * how much of that the send call itself was held for (its `delay`).
   */
  private readonly typedBefore = new Map<string, { typedMs: number; heldMs: number }>();

  /** the contact's receipts (MESSAGES_UPDATE) of what we sent */
  private readonly receipts: SimReceipts;

  constructor(private readonly sim: SimContext) {
    this.receipts = new SimReceipts(sim);
  }

  async sendText(instance: SimInstance, body: Body) {
    requireFields(body, ['number', 'text']);
    if (typeof body.text !== 'string' || body.text.trim() === '') {
      throw new SimError(400, ['Text is required']);
    }
    const jid = this.recipient(instance, body.number);
    const heldMs = await this.showTyping(instance, jid, body.delay);
    return this.recordSent(instance, jid, { conversation: body.text }, null, heldMs);
  }

  async sendAudio(instance: SimInstance, body: Body) {
    requireFields(body, ['number', 'audio']);
    const audio = String(body.audio);
    const isUrl = /^https?:\/\//.test(audio);
    if (!isUrl && !/^[A-Za-z0-9+/=\s]+$/.test(audio)) {
      throw new SimError(400, ['Owned media must be a url or base64']);
    }
    const jid = this.recipient(instance, body.number);
    const heldMs = await this.showTyping(instance, jid, body.delay);
    // Real audio is converted to OGG/Opus; the simulator keeps the bytes as given.
    const base64 = isUrl ? '' : audio.replace(/\s/g, '');
    const content = audioContent({ base64 });
    if (isUrl) content.audioMessage.url = audio;
    return this.recordSent(instance, jid, content, base64 || null, heldMs);
  }

  /**
   * An image or a document (JSON body; `media` a URL or raw base64). A base64 document needs its
   * fileName, as the real server's.
   */
  async sendMedia(instance: SimInstance, body: Body) {
    requireFields(body, ['number', 'mediatype', 'media']);
    const mediatype = String(body.mediatype);
    if (!['image', 'video', 'audio', 'document'].includes(mediatype)) {
      throw schemaError('instance.mediatype is not one of enum values: image,document,video,audio');
    }
    const media = String(body.media);
    const isUrl = /^https?:\/\//.test(media);
    if (!isUrl && !/^[A-Za-z0-9+/=\s]+$/.test(media)) {
      throw new SimError(400, ['Owned media must be a url or base64']);
    }
    const fileName = typeof body.fileName === 'string' ? body.fileName : '';
    if (!isUrl && mediatype === 'document' && !fileName) {
      throw new SimError(400, ['For base64 the file name must be informed.']);
    }
    const jid = this.recipient(instance, body.number);
    const heldMs = await this.showTyping(instance, jid, body.delay);
    const base64 = isUrl ? '' : media.replace(/\s/g, '');
    const caption = typeof body.caption === 'string' ? body.caption : undefined;
    const mimetype = typeof body.mimetype === 'string' ? body.mimetype : undefined;
    const content =
      mediatype === 'image'
        ? imageContent({ base64, ...(mimetype ? { mimetype } : {}) }, caption)
        : documentContent(
            { base64, ...(mimetype ? { mimetype } : {}) },
            fileName || 'arquivo',
            caption,
          );
    return this.recordSent(instance, jid, content, base64 || null, heldMs);
  }

  /** Number, presence and delay are all required; the answer waits for the delay. */
  async sendPresence(instance: SimInstance, body: Body) {
    requireFields(body, ['number', 'presence', 'delay']);
    if (!PRESENCES.includes(String(body.presence))) {
      throw schemaError(`instance.presence is not one of enum values: ${PRESENCES.join(',')}`);
    }
    const jid = this.recipient(instance, body.number);
    if (body.presence === 'composing' || body.presence === 'recording') {
      await this.showTyping(instance, jid, body.delay);
    } else {
      this.typing.delete(`${instance.name}|${jid}`);
      await this.hold(body.delay);
    }
    return { presence: body.presence };
  }

  async getBase64(instance: SimInstance, body: Body) {
    const key = ((body.message ?? {}) as Body).key as Body | undefined;
    if (typeof key?.id !== 'string') throw schemaError('instance requires property "message"');
    const stored = await repo.findMessage(this.sim.db, instance.name, key.id);
    if (!stored) throw new SimError(400, ['Message not found']);
    const type = String(stored.data.messageType);
    const media = ((stored.data.message ?? {}) as Record<string, Body>)[type];
    if (!media || stored.mediaBase64 === null) {
      throw new SimError(400, ['The message is not of the media type']);
    }
    const audio = type === 'audioMessage';
    return {
      mediaType: type,
      fileName: `${stored.keyId}.${audio ? 'ogg' : 'jpeg'}`,
      caption: typeof media.caption === 'string' && media.caption ? media.caption : null,
      size: { fileLength: media.fileLength, height: media.height, width: media.width },
      mimetype: media.mimetype,
      base64: stored.mediaBase64,
      buffer: null,
    };
  }

  /** Every key needs remoteJid, fromMe and id; @lid keys are dropped but it "succeeds". */
  markRead(body: Body) {
    const list = body.readMessages;
    if (!Array.isArray(list)) throw schemaError('instance requires property "readMessages"');
    list.forEach((item: Body, i) => {
      for (const field of ['remoteJid', 'fromMe', 'id']) {
        if (item?.[field] === undefined) {
          throw schemaError(`instance.readMessages[${i}] requires property "${field}"`);
        }
      }
    });
    return { message: 'Read messages', read: 'success' };
  }

  /** Simulator control: a customer (or the owner on the phone) sends a message. */
  async inbound(instance: SimInstance, input: InboundInput) {
    if (instance.state !== 'open') {
      throw new SimError(409, [`The "${instance.name}" instance is not connected`]);
    }
    const phoneJid = createJid(input.from.replace(/\D/g, ''));
    const webhook = instance.webhook as StoredWebhook | null;
    const { content, base64 } = inboundContent(input);
    const key: Body = { remoteJid: phoneJid, fromMe: input.fromMe === true, id: newMessageId() };
    if (input.group) {
      key.remoteJid = `${input.group.replace(/\D/g, '')}@g.us`;
      key.participant = phoneJid;
    } else if (input.lid) {
      key.remoteJid = lidFor(phoneJid);
      key.remoteJidAlt = phoneJid;
      key.addressingMode = 'lid';
    }
    const data = {
      key,
      // Own messages without a name carry the literal "Você".
      pushName: input.fromMe ? 'Você' : (input.pushName ?? phoneJid.split('@')[0]),
      status: 'DELIVERY_ACK',
      message: content,
      messageType: messageTypeOf(content),
      messageTimestamp: unixNow(),
      instanceId: instance.instanceId,
      source: 'web',
    };
    const stored = await repo.insertMessage(this.sim.db, {
      instanceName: instance.name,
      keyId: key.id as string,
      direction: input.fromMe ? 'out' : 'in',
      remoteJid: input.group ? (key.remoteJid as string) : phoneJid,
      data,
      mediaBase64: base64,
    });
    // A contact writing back has opened the chat: what we sent them is read first.
    if (!input.fromMe && !input.group) await this.receipts.read(instance, phoneJid);
    // Media is inline in data.message.base64 only when the webhook asks for it.
    const delivered =
      base64 && webhook?.webhookBase64 ? { ...data, message: { ...content, base64 } } : data;
    this.sim.dispatcher.emit(instance, 'MESSAGES_UPSERT', delivered, {
      copies: input.copies,
      delayMs: input.delayMs,
    });
    if (input.fromMe && !input.group) await this.receipts.delivered(instance, stored);
    return delivered;
  }

  /** Simulator control: the contact opens the chat and reads what we sent (READ receipts). */
  async read(instance: SimInstance, number: string): Promise<{ read: number }> {
    if (instance.state !== 'open') {
      throw new SimError(409, [`The "${instance.name}" instance is not connected`]);
    }
    return { read: await this.receipts.read(instance, createJid(number.replace(/\D/g, ''))) };
  }

  async messages(instance: SimInstance, filter: { number?: string; afterId?: number }) {
    const rows = await repo.listMessages(this.sim.db, instance.name, {
      remoteJid: filter.number ? createJid(filter.number.replace(/\D/g, '')) : undefined,
      afterId: filter.afterId,
      limit: 500,
    });
    return rows.map((row) => ({
      id: row.id,
      keyId: row.keyId,
      direction: row.direction,
      remoteJid: row.remoteJid,
      text: summarise(row.data),
      messageType: row.data.messageType,
      messageTimestamp: row.data.messageTimestamp,
      hasMedia: row.mediaBase64 !== null,
      /** ms the contact saw "typing…" just before this message (ours only; while remembered) */
      typedMs: row.direction === 'out' ? (this.typedBefore.get(row.keyId)?.typedMs ?? null) : null,
      /** ms of it the send call itself was held for, by its `delay` */
      heldMs: row.direction === 'out' ? (this.typedBefore.get(row.keyId)?.heldMs ?? null) : null,
    }));
  }

  /** Never-connected → 500 about onWhatsApp; unknown numbers → 400 exists:false. */
  private recipient(instance: SimInstance, number: unknown): string {
    if (instance.state !== 'open') {
      if (!instance.everConnected) throw new SimError(500, NEVER_CONNECTED_MESSAGE);
      throw new SimError(400, [`The "${instance.name}" instance is not connected`]);
    }
    const raw = String(number);
    const jid = createJid(raw);
    const digits = jid.split('@')[0]!;
    if (jid.endsWith('@s.whatsapp.net') && (digits.length < 10 || !/^\d+$/.test(digits))) {
      throw new SimError(400, [{ exists: false, jid, number: raw }]);
    }
    return jid;
  }

  private async hold(delay: unknown) {
    const ms = typeof delay === 'number' && delay > 0 ? Math.min(delay, 120_000) : 0;
    if (ms > 0) await sleep(ms);
  }

  /** The contact sees "typing…" for `delay` ms (a send's delay, or a presence); the call waits. */
  private async showTyping(instance: SimInstance, jid: string, delay: unknown): Promise<number> {
    const ms = typeof delay === 'number' && delay > 0 ? Math.min(delay, 120_000) : 0;
    if (ms > 0) this.typing.set(`${instance.name}|${jid}`, { since: Date.now(), ms });
    await this.hold(delay);
    return ms;
  }

  private async recordSent(
    instance: SimInstance,
    jid: string,
    content: Record<string, unknown>,
    base64: string | null,
    heldMs: number,
  ) {
    const chat = `${instance.name}|${jid}`;
    const typing = this.typing.get(chat);
    this.typing.delete(chat);
    const typedMs = typing ? Math.min(typing.ms, Date.now() - typing.since) : 0;
    const data = {
      key: { remoteJid: jid, fromMe: true, id: newMessageId() },
      pushName: instance.profileName ?? 'Você',
      status: 'PENDING',
      message: content,
      contextInfo: null,
      messageType: messageTypeOf(content),
      messageTimestamp: unixNow(),
      instanceId: instance.instanceId,
      source: 'unknown',
    };
    const stored = await repo.insertMessage(this.sim.db, {
      instanceName: instance.name,
      keyId: data.key.id,
      direction: 'out',
      remoteJid: jid,
      data,
      mediaBase64: base64,
    });
    this.typedBefore.set(data.key.id, { typedMs, heldMs });
    if (this.typedBefore.size > TYPED_REMEMBERED) {
      this.typedBefore.delete(this.typedBefore.keys().next().value!);
    }
    // API sends arrive as SEND_MESSAGE only, never as a fromMe MESSAGES_UPSERT.
    this.sim.dispatcher.emit(instance, 'SEND_MESSAGE', data);
    await this.receipts.delivered(instance, stored);
    return data;
  }
}

function requireFields(body: Body, fields: string[]) {
  for (const field of fields) {
    if (body[field] === undefined || body[field] === null) {
      throw schemaError(`instance requires property "${field}"`);
    }
  }
}
