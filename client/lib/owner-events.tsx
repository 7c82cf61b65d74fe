import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Whether the owner's live stream (GET /api/events) is open. */
export type OwnerEventsStatus = 'connecting' | 'live' | 'reconnecting';

const StatusContext = createContext<OwnerEventsStatus>('connecting');

/** The named events of the stream (common/schemas/inbox.ts `OwnerEvent`, and `reset`). */
const EVENT_NAMES = ['message', 'conversation', 'notification', 'reset'] as const;

/** Events arriving together refresh the screens once. */
const COALESCE_MS = 150;

interface OwnerEventsProviderProps {
  /** the queries an event makes stale: each event refreshes those of its name */
  refresh: Record<(typeof EVENT_NAMES)[number], QueryKey[]>;
  children: ReactNode;
}

/**
 * One stream of the signed-in owner's events for every screen under it. An event refreshes the
 * queries it concerns; nothing polls. The browser reconnects by itself and sends the last event's
 * id, so the server replays what was missed (or sends `reset` when it cannot, and everything is
 * refreshed).
 */
export function OwnerEventsProvider({ refresh, children }: OwnerEventsProviderProps) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OwnerEventsStatus>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const stale = new Set<QueryKey>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
      stale.clear();
    };
    const listeners = EVENT_NAMES.map((name) => {
      const listener = () => {
        for (const key of refresh[name]) stale.add(key);
        timer ??= setTimeout(flush, COALESCE_MS);
      };
      source.addEventListener(name, listener);
      return [name, listener] as const;
    });
    source.onopen = () => setStatus('live');
    source.onerror = () => setStatus('reconnecting');
    return () => {
      for (const [name, listener] of listeners) source.removeEventListener(name, listener);
      source.close();
      if (timer) clearTimeout(timer);
    };
    // `refresh` is a constant of the caller; the stream is opened once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
  return <StatusContext.Provider value={status}>{children}</StatusContext.Provider>;
}

export function useOwnerEventsStatus(): OwnerEventsStatus {
  return useContext(StatusContext);
}
