import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Unlisten } from '../../db/listen';
import { SseStream } from '../../lib/sse';
import { VISITOR_MESSAGES_CHANNEL } from '../conversations';
import {
  conversationContact,
  newestMessageId,
  personMessagesAfter,
  visitorConversationId,
} from './webchat.repo';
import { sealMessageRef, toPublicMessage, WEBCHAT_CHANNEL } from './webchat.service';

/** Open streams of one visitor of one agent in one process; a new one closes the oldest. */
export const MAX_VISITOR_STREAMS = 3;
/** Open visitor streams in one process: past it, a new stream is refused (the widget re-reads). */
export const MAX_VISITOR_STREAMS_TOTAL = 2000;
const RETRY_MS = 5_000;
const PAGE = 50;

interface VisitorStream {
  sse: SseStream;
  agentId: number;
  publicKey: string;
  visitorId: string;
  /** the visitor's conversation; null until they have one */
  conversationId: number | null;
  /** the last message id sent */
  cursor: number;
  reading: boolean;
  again: boolean;
}

/**
 * The website visitor's live channel (ADR 0017): a person's replies from the inbox reach the open
 * widget as Server-Sent Events. A reply's commit sends NOTIFY visitor_messages with the
 * conversation's id (from any web process); each process's streams of that conversation read
 * the person's messages after their cursor from the messages table, by id, and send them with
 * the message's opaque `ref` as the event id: a reconnect resumes after `Last-Event-ID`, and
 * what is sent is always what was committed.
 */
export class VisitorEventHub {
  private readonly streams = new Set<VisitorStream>();
  private listening: Promise<Unlisten> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly heartbeatMs: number,
  ) {}

  get size() {
    return this.streams.size;
  }

  /**
   * Opens the visitor's stream: after `after` (a message the widget has), or from now. The
   * visitor reads only their own conversation: the one of this agent's website channel whose
   * contact is their id.
   */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    agent: { id: number; publicKey: string },
    visitorId: string,
    after: number | null,
  ) {
    const db = this.ctx.database.db;
    if (!this.closed) await this.listen();
    const conversationId = await visitorConversationId(db, agent.id, WEBCHAT_CHANNEL, visitorId);
    const newest = conversationId === null ? 0 : await newestMessageId(db, conversationId);
    const cursor = after === null || after > newest ? newest : after;
    const sse = new SseStream(request, reply, { connection: 'close' });
    if (this.closed) return sse.end();
    sse.control({ retry: RETRY_MS });
    // The client's Last-Event-ID from the start, so a reconnect before any message misses none.
    if (cursor > 0) sse.send('ready', {}, sealMessageRef(this.ctx, cursor));
    const stream: VisitorStream = {
      sse,
      agentId: agent.id,
      publicKey: agent.publicKey,
      visitorId,
      conversationId,
      cursor,
      reading: false,
      again: false,
    };
    const same = [...this.streams].filter(
      (s) => s.agentId === agent.id && s.visitorId === visitorId,
    );
    if (same.length >= MAX_VISITOR_STREAMS) same[0]!.sse.end();
    this.streams.add(stream);
    sse.onClose(() => this.remove(stream));
    this.startHeartbeat();
    if (cursor < newest) this.read(stream);
  }

  async close() {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const stream of [...this.streams]) stream.sse.end();
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
  }

  private listen(): Promise<Unlisten> {
    this.listening ??= this.ctx.database.notifications
      .listen(VISITOR_MESSAGES_CHANNEL, {
        onNotify: (payload) => this.wake(Number(payload)),
        onReconnect: () => {
          for (const stream of this.streams) this.read(stream);
        },
      })
      .catch((err: unknown) => {
        this.listening = null;
        throw err;
      });
    return this.listening;
  }

  /**
   * A conversation has a new person's message: its streams read. A stream opened before the
   * visitor had a conversation learns it here (one lookup of the conversation's contact).
   */
  private wake(conversationId: number) {
    let waiting = false;
    for (const stream of this.streams) {
      if (stream.conversationId === conversationId) this.read(stream);
      else if (stream.conversationId === null) waiting = true;
    }
    if (!waiting) return;
    conversationContact(this.ctx.database.db, conversationId)
      .then((contact) => {
        if (!contact || contact.channel !== WEBCHAT_CHANNEL) return;
        for (const stream of this.streams) {
          if (
            stream.conversationId === null &&
            stream.agentId === contact.agentId &&
            stream.visitorId === contact.contactId
          ) {
            stream.conversationId = conversationId;
            this.read(stream);
          }
        }
      })
      .catch((err: unknown) => {
        if (!this.closed) this.log.warn({ err }, 'visitor events: lookup failed');
      });
  }

  private remove(stream: VisitorStream) {
    this.streams.delete(stream);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private read(stream: VisitorStream) {
    stream.again = true;
    if (stream.reading) return;
    stream.reading = true;
    void this.drain(stream);
  }

  private async drain(stream: VisitorStream) {
    const db = this.ctx.database.db;
    try {
      while (stream.again && !stream.sse.isClosed && !this.closed) {
        stream.again = false;
        // A reconnect of the listening connection: the conversation may be new meanwhile.
        stream.conversationId ??= await visitorConversationId(
          db,
          stream.agentId,
          WEBCHAT_CHANNEL,
          stream.visitorId,
        );
        if (stream.conversationId === null) break;
        const rows = await personMessagesAfter(db, stream.conversationId, stream.cursor, PAGE);
        for (const row of rows) {
          const message = toPublicMessage(
            this.ctx,
            { ...row, role: 'human' },
            stream.publicKey,
            stream.visitorId,
          );
          stream.sse.send('message', message, message.ref);
          stream.cursor = row.id;
        }
        if (rows.length === PAGE) stream.again = true;
      }
    } catch (err) {
      // The widget reconnects and resumes from its last id: nothing is lost.
      if (!this.closed) this.log.warn({ err }, 'visitor events: read failed');
      stream.sse.end();
    } finally {
      stream.reading = false;
    }
  }

  private startHeartbeat() {
    if (this.heartbeat || this.heartbeatMs <= 0) return;
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.sse.control({ comment: 'ping' });
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }
}
