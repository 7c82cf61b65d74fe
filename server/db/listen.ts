import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY, the same on both drivers: a statement anywhere (any process, inside
 * a transaction or not) runs `pg_notify(channel, payload)`, and every listener of the channel is
 * told once the transaction commits (never if it rolls back).
 */
export interface NotificationListener {
  onNotify(payload: string): void;
  /**
   * The connection that listens was lost and is back: notifications sent meanwhile are gone, so
   * whatever they would have announced must be read again (PostgreSQL only).
   */
  onReconnect(): void;
}

export type Unlisten = () => Promise<void>;

export interface Notifications {
  /** Resolves once the channel is listened to: a notification committed after that arrives. */
  listen(channel: string, listener: NotificationListener): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Channel names are ours, never a user's: a plain identifier, so LISTEN needs no quoting. */
function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
}

/**
 * The embedded engine delivers notifications to its own session (the process's only one) at
 * commit, through PGlite's listen. Nothing to reconnect.
 */
export function pgliteNotifications(pglite: PGlite): Notifications {
  let closed = false;
  return {
    async listen(channel, listener) {
      checkChannel(channel);
      const unlisten = await pglite.listen(channel, (payload) => listener.onNotify(payload));
      return async () => {
        if (closed || pglite.closed) return;
        await unlisten();
      };
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}

export interface PgNotificationsOptions {
  /** first wait before reconnecting after a drop, doubled up to `maxReconnectMs` */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** a query on the listening connection this often, so a silently dead one is noticed */
  pingMs?: number;
}

/** application_name of the listening connection (pg_stat_activity shows it). */
export const LISTEN_APPLICATION_NAME = 'ai-agent-builder-listen';

/**
 * PostgreSQL: one dedicated connection per process (a pooled one would be handed to other
 * queries, and LISTEN belongs to a session), opened at the first `listen`. When it drops, it is
 * opened again with backoff, every channel is listened to again and every listener is told
 * (`onReconnect`), so it can read what it missed.
 */
export class PgNotifications implements Notifications {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<NotificationListener>>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private nextDelay: number;
  private readonly reconnectMs: number;
  private readonly maxReconnectMs: number;
  private readonly pingMs: number;

  constructor(
    private readonly url: string,
    options: PgNotificationsOptions = {},
  ) {
    this.reconnectMs = options.reconnectMs ?? 250;
    this.maxReconnectMs = options.maxReconnectMs ?? 10_000;
    this.pingMs = options.pingMs ?? 30_000;
    this.nextDelay = this.reconnectMs;
  }

  async listen(channel: string, listener: NotificationListener): Promise<Unlisten> {
    checkChannel(channel);
    if (this.closed) throw new Error('notifications closed');
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
    }
    listeners.add(listener);
    try {
      const client = await this.connect();
      // Idempotent; a connection opened meanwhile has listened to every channel already.
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      this.remove(channel, listener);
      throw err;
    }
    return async () => {
      if (!this.remove(channel, listener)) return;
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  }

  /** Forgets the listener; true when it was the channel's last. */
  private remove(channel: string, listener: NotificationListener): boolean {
    const listeners = this.channels.get(channel);
    if (!listeners?.delete(listener) || listeners.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      for (const listener of this.channels.get(message.channel) ?? []) {
        listener.onNotify(message.payload ?? '');
      }
    });
    // 'error' without a listener would crash the process; either event means the session is gone.
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('notifications closed');
    }
    this.client = client;
    this.nextDelay = this.reconnectMs;
    this.pingTimer = setInterval(() => {
      client.query('SELECT 1').catch(() => this.dropped(client));
    }, this.pingMs);
    this.pingTimer.unref();
    return client;
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnectTimer || this.channels.size === 0) return;
    const delay = this.nextDelay;
    this.nextDelay = Math.min(delay * 2, this.maxReconnectMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().then(
        () => {
          for (const listeners of this.channels.values()) {
            for (const listener of listeners) listener.onReconnect();
          }
        },
        () => this.scheduleReconnect(),
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
