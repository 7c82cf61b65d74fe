import type { PublicUser } from '@common/schemas/auth';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  startTransition,
  type ReactNode,
} from 'react';
import { getUser } from '@/lib/auth/get-user';

export interface AuthState {
  /** undefined while loading, null when signed out. */
  user: PublicUser | null | undefined;
  isLoading: boolean;
  /** the lookup failed for a reason other than "signed out" (server down, network) */
  error: Error | null;
  /** Stores the user returned by login, registration or a profile change as the current user. */
  setUser: (user: PublicUser | null) => void;
  /** Looks the user up again after a failed lookup. */
  retry: () => void;
}

interface Lookup {
  user: PublicUser | null | undefined;
  error: Error | null;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Looks the current user up as soon as the app starts and offers useAuth() below it. The session
 * is React state, not a TanStack Query cache entry: the public pages run it without loading the
 * query client, which only the screens that read the API load (app/query-provider.tsx).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [lookup, setLookup] = useState<Lookup>({ user: undefined, error: null });
  const [attempt, setAttempt] = useState(0);
  // A user set by a login while the first lookup is still on its way wins over its answer.
  const settled = useRef(false);
  useEffect(() => {
    let current = true;
    // A transition: the answer can come before a page rendered by the build has its code
    // (scripts/prerender.ts), and an urgent update reaching markup not yet hydrated makes React
    // throw that markup away and draw the page again (the focus, a half-typed field lost). A
    // transition waits for the hydration instead.
    getUser().then(
      (user) => {
        if (current && !settled.current) startTransition(() => setLookup({ user, error: null }));
      },
      (error: unknown) => {
        if (!current || settled.current) return;
        startTransition(() =>
          setLookup((previous) => ({
            user: previous.user,
            error: error instanceof Error ? error : new Error(String(error)),
          })),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const setUser = useCallback((user: PublicUser | null) => {
    settled.current = true;
    setLookup({ user, error: null });
  }, []);
  const retry = useCallback(() => {
    settled.current = false;
    setAttempt((n) => n + 1);
  }, []);
  const state = useMemo<AuthState>(
    () => ({
      user: lookup.user,
      isLoading: lookup.user === undefined && lookup.error === null,
      error: lookup.error,
      setUser,
      retry,
    }),
    [lookup, setUser, retry],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

/** The session state. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used within an AuthProvider');
  return state;
}
