import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { OwnerEventsReset } from '@common/schemas/inbox';
import type { AppContext } from '../../app-context';
import type { Unlisten } from '../../db/listen';
import { AppError } from '../../lib/errors';
import { SseStream } from '../../lib/sse';
import { liveSessions } from '../session';
import {
  OWNER_EVENTS_CHANNEL,
  claimStreamPlace,
  ownerEventsAfter,
  releaseStreamPlaces,
  touchStreamPlaces,
} from './events.repo';
import { resolveStreamStart } from './events.service';

/**
 * Open streams one owner may have across every web process; the next is refused at once (429,
 * `Retry-After`) and its client tries again after that wait.
 */
export const MAX_STREAMS_PER_OWNER = 5;
/** The wait asked of a stream refused for being one too many (seconds). */
export const STREAMS_FULL_RETRY_SECONDS = 30;
/** Heartbeats a process may miss before its streams' places stop counting (it died). */
const LEASE_BEATS = 3;
/** The lease of a stream's place for a heartbeat of this many milliseconds (seconds). */
export const streamLeaseSeconds = (heartbeatMs: number) =>
  Math.ceil((heartbeatMs * LEASE_BEATS) / 1000) + 5;
/** Events read per query while a feed catches up. */
const PAGE = 100;
/** How long a browser waits before reconnecting a stream that ended (the SSE `retry` field). */
const RETRY_MS = 3_000;
/**
 * A client that stops reading: past this much unsent, its stream is ended (it resumes from its
 * last id when it reconnects) instead of buffering without bound.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Stream {
  sse: SseStream;
  /** the last event id sent */
  cursor: number;
  /** the session that opened it: signed out, the stream ends */
  sessionId: string;
  /** its place among the owner's streams of every process (`owner_event_streams`) */
  placeId: number;
}

/** One owner's open streams in this process, and its one reader. */
interface Feed {
  streams: Set<Stream>;
  reading: boolean;
  /** woken while reading: read again once done */
  again: boolean;
}

/**
 * This web process's open `GET /api/events` streams, grouped by owner. A notification (the owner's
 * id, from any process) wakes the owner's feed, which reads the owner's events after the least
 * advanced of its streams from the table, by id, and sends each stream what it has not had: what
 * is sent is what was committed, in id order, whatever order notifications arrive in (or if they
 * are lost while the listening connection is down: it reads every feed again when it is back).
 */
export class OwnerEventHub {
  private readonly feeds = new Map<number, Feed>();
  private listening: Promise<Unlisten> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private checkingSessions = false;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly heartbeatMs: number,
  ) {}

  /** Opens a stream of the owner's events after `requested` (null: from now) on this reply. */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    ownerId: number,
    requested: number | null,
  ) {
    const sessionId = request.session.sessionId;
    const db = this.ctx.database.db;
    const placeId = await claimStreamPlace(db, ownerId, MAX_STREAMS_PER_OWNER, this.leaseSeconds);
    if (placeId === null) {
      throw new AppError('EVENT_STREAMS_LIMIT', { retryAfterSeconds: STREAMS_FULL_RETRY_SECONDS });
    }
    let start: Awaited<ReturnType<typeof resolveStreamStart>>;
    try {
      // Listening first: an event committed after the start is read below is then always woken for.
      if (!this.closed) await this.listen();
      start = await resolveStreamStart(db, ownerId, requested);
    } catch (err) {
      this.release([placeId]);
      throw err;
    }
    // Not kept alive for a next request: ending the stream (app.close()) then closes the socket.
    const sse = new SseStream(request, reply, { connection: 'close' });
    // The app began closing meanwhile: the client reconnects to a process that is not.
    if (this.closed) {
      this.release([placeId]);
      return sse.end();
    }
    sse.control({ retry: RETRY_MS });
    if (start.reset) {
      const data: OwnerEventsReset = { reason: start.reset };
      sse.send('reset', data, start.cursor);
    } else {
      // The client's Last-Event-ID from the start, so a reconnect before any event misses none.
      sse.control({ id: start.cursor });
    }
    const feed = this.feedOf(ownerId);
    const stream: Stream = { sse, cursor: start.cursor, sessionId, placeId };
    feed.streams.add(stream);
    sse.onClose(() => this.remove(ownerId, stream));
    this.startHeartbeat();
    this.read(ownerId);
  }

  /** Ends every stream (the app is closing) and stops listening. */
  async close() {
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const places: number[] = [];
    for (const feed of [...this.feeds.values()]) {
      for (const stream of [...feed.streams]) {
        places.push(stream.placeId);
        stream.sse.end();
      }
    }
    // Given back before the database closes; a place left behind counts until its lease is over.
    await releaseStreamPlaces(this.ctx.database.db, places).catch(() => {});
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
  }

  private listen(): Promise<Unlisten> {
    this.listening ??= this.ctx.database.notifications
      .listen(OWNER_EVENTS_CHANNEL, {
        onNotify: (payload) => {
          const ownerId = Number(payload);
          if (this.feeds.has(ownerId)) this.read(ownerId);
        },
        onReconnect: () => {
          this.log.info({ feeds: this.feeds.size }, 'owner events: listening again');
          for (const ownerId of this.feeds.keys()) this.read(ownerId);
        },
      })
      .catch((err: unknown) => {
        this.listening = null;
        throw err;
      });
    return this.listening;
  }

  private feedOf(ownerId: number): Feed {
    let feed = this.feeds.get(ownerId);
    if (!feed) {
      feed = { streams: new Set(), reading: false, again: false };
      this.feeds.set(ownerId, feed);
    }
    return feed;
  }

  private get leaseSeconds() {
    return streamLeaseSeconds(this.heartbeatMs);
  }

  /** Gives the places back (closing, `close()` gives back every place at once). */
  private release(places: number[]) {
    if (this.closed) return;
    releaseStreamPlaces(this.ctx.database.db, places).catch((err: unknown) => {
      if (!this.closed) this.log.warn({ err }, 'owner events: place not released');
    });
  }

  private remove(ownerId: number, stream: Stream) {
    const feed = this.feeds.get(ownerId);
    if (!feed) return;
    if (feed.streams.delete(stream)) this.release([stream.placeId]);
    this.forgetIfDone(ownerId, feed);
  }

  /** A feed without streams is dropped once its reader is done; the heartbeat with the last. */
  private forgetIfDone(ownerId: number, feed: Feed) {
    if (feed.streams.size > 0 || feed.reading) return;
    if (this.feeds.get(ownerId) === feed) this.feeds.delete(ownerId);
    if (this.feeds.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  /** Wakes the owner's feed: one reader at a time, which reads once more if woken meanwhile. */
  private read(ownerId: number) {
    const feed = this.feeds.get(ownerId);
    if (!feed) return;
    feed.again = true;
    if (feed.reading) return;
    feed.reading = true;
    void this.drain(ownerId, feed);
  }

  private async drain(ownerId: number, feed: Feed) {
    try {
      while (feed.again && feed.streams.size > 0 && !this.closed) {
        feed.again = false;
        const streams = [...feed.streams];
        const from = Math.min(...streams.map((s) => s.cursor));
        const rows = await ownerEventsAfter(this.ctx.database.db, ownerId, from, PAGE);
        for (const row of rows) {
          const data = { type: row.type, ...row.payload };
          for (const stream of streams) {
            if (row.id <= stream.cursor) continue;
            stream.sse.send(row.type, data, row.id);
            stream.cursor = row.id;
          }
        }
        for (const stream of streams) {
          if (stream.sse.buffered > MAX_BUFFERED_BYTES) stream.sse.end();
        }
        if (rows.length === PAGE) feed.again = true;
      }
    } catch (err) {
      // The clients reconnect and resume from the last id they had: nothing is lost.
      if (!this.closed) this.log.warn({ err, ownerId }, 'owner events: read failed');
      for (const stream of [...feed.streams]) stream.sse.end();
    } finally {
      // In the same turn as the loop's last check, so a wake-up is never lost in between.
      feed.reading = false;
      this.forgetIfDone(ownerId, feed);
    }
  }

  private startHeartbeat() {
    if (this.heartbeat || this.heartbeatMs <= 0) return;
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * A comment line on every stream keeps proxies and load balancers from closing a quiet one. At
   * the same pace, streams whose session was signed out (here or on another device, or by a
   * password change) are ended: their client's reconnect is then refused (401).
   */
  private beat() {
    const streams = [...this.feeds.values()].flatMap((feed) => [...feed.streams]);
    for (const stream of streams) stream.sse.control({ comment: 'ping' });
    // This process is alive: its streams keep their places.
    touchStreamPlaces(
      this.ctx.database.db,
      streams.map((stream) => stream.placeId),
    ).catch((err: unknown) => {
      if (!this.closed) this.log.warn({ err }, 'owner events: places not kept');
    });
    if (this.checkingSessions || streams.length === 0) return;
    this.checkingSessions = true;
    const sids = [...new Set(streams.map((stream) => stream.sessionId))];
    liveSessions(this.ctx.database.db, sids)
      .then((live) => {
        for (const stream of streams) if (!live.has(stream.sessionId)) stream.sse.end();
      })
      .catch((err: unknown) => {
        if (!this.closed) this.log.warn({ err }, 'owner events: session check failed');
      })
      .finally(() => {
        this.checkingSessions = false;
      });
  }
}
