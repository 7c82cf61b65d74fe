import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Whether the owner's live stream (GET /api/events) is open. */
export type OwnerEventsStatus = 'connecting' | 'live' | 'reconnecting';

const StatusContext = createContext<OwnerEventsStatus>('connecting');

/** The named events of the stream (common/schemas/inbox.ts `OwnerEvent`, and `reset`). */
const EVENT_NAMES = ['message', 'conversation', 'notification', 'reset'] as const;
type EventName = (typeof EVENT_NAMES)[number];

/** Listeners of an event's data (its JSON, parsed), for screens that act on it. */
type DataListener = (data: unknown) => void;
const ListenersContext = createContext<Map<EventName, Set<DataListener>> | null>(null);

/**
 * A stream the server refused (more tabs than it keeps streams for: a 429 asking 30 s) is opened
 * again after this; the browser does not retry a refused stream by itself.
 */
const REOPEN_MS = 30_000;

/** Events arriving together refresh the screens once. */
const COALESCE_MS = 150;

interface OwnerEventsProviderProps {
  /** the queries an event makes stale: each event refreshes those of its name */
  refresh: Record<(typeof EVENT_NAMES)[number], QueryKey[]>;
  children: ReactNode;
}

/**
 * One stream of the signed-in owner's events for every screen under it. An event refreshes the
 * queries it concerns; nothing polls. Each time the stream opens, what was read before it began
 * connecting is read again. The browser reconnects by itself and sends the last event's
 * id, so the server replays what was missed (or sends `reset` when it cannot, and everything is
 * refreshed).
 */
export function OwnerEventsProvider({ refresh, children }: OwnerEventsProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OwnerEventsStatus>('connecting');
  const [listeners] = useState(() => new Map<EventName, Set<DataListener>>());
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const stale = new Set<QueryKey>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let source: EventSource | null = null;
    /** when the stream now opening began to connect: data read before it may have missed events */
    let since = Date.now();
    const flush = () => {
      timer = null;
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
      stale.clear();
    };
    const listener = (name: EventName) => (event: Event) => {
      for (const key of refresh[name]) stale.add(key);
      timer ??= setTimeout(flush, COALESCE_MS);
      const subscribed = listeners.get(name);
      if (!subscribed?.size) return;
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listen of subscribed) listen(data);
    };
    const connect = () => {
      reopen = null;
      since = Date.now();
      const current = new EventSource('/api/events');
      source = current;
      for (const name of EVENT_NAMES) current.addEventListener(name, listener(name));
      current.onopen = () => {
        setStatus('live');
        // The stream tells what changes from now on: what a screen read before it connected (or
        // reconnected) is read again, so a change made in between is never left unseen.
        const before = (query: Query) => query.state.dataUpdatedAt < since;
        for (const keys of Object.values(refresh)) {
          for (const queryKey of keys)
            void queryClient.invalidateQueries({ queryKey, predicate: before });
        }
      };
      current.onerror = () => {
        setStatus('reconnecting');
        since = Date.now();
        // The browser retries by itself unless the server refused the stream (too many tabs,
        // signed out, a restart's error): then a new one is opened after the server's wait.
        if (current.readyState === EventSource.CLOSED) reopen ??= setTimeout(connect, REOPEN_MS);
      };
    };
    connect();
    return () => {
      source?.close();
      if (timer) clearTimeout(timer);
      if (reopen) clearTimeout(reopen);
    };
    // `refresh` is a constant of the caller; the stream is opened once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
  return (
    <ListenersContext.Provider value={listeners}>
      <StatusContext.Provider value={status}>{children}</StatusContext.Provider>
    </ListenersContext.Provider>
  );
}

/**
 * Calls `listener` with the data of each live event of that name (outside the provider: never).
 * Replays after a reconnect come through too: the listener sees each event once per stream.
 */
export function useOwnerEvent(name: EventName, listener: DataListener): void {
  const listeners = useContext(ListenersContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!listeners) return;
    const listen: DataListener = (data) => latest.current(data);
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listen);
    return () => {
      set.delete(listen);
    };
  }, [listeners, name]);
}

export function useOwnerEventsStatus(): OwnerEventsStatus {
  return useContext(StatusContext);
}
