import type { PublicUser } from '@common/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { userQueryKey, useUserQuery } from '@/lib/auth/get-user';

interface AuthActions {
  /** Stores the user returned by login or registration as the current user. */
  setUser: (user: PublicUser | null) => void;
}

export interface AuthState extends AuthActions {
  /** undefined while loading, null when signed out. */
  user: PublicUser | null | undefined;
  isLoading: boolean;
  error: Error | null;
}

const AuthContext = createContext<AuthActions | null>(null);

/** Looks the current user up as soon as the app starts and offers useAuth() below it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useUserQuery();
  const setUser = useCallback(
    (user: PublicUser | null) => queryClient.setQueryData(userQueryKey, user),
    [queryClient],
  );
  const actions = useMemo(() => ({ setUser }), [setUser]);
  return <AuthContext.Provider value={actions}>{children}</AuthContext.Provider>;
}

/**
 * The session state. Each caller observes the user query itself rather than reading a value
 * passed down through context: React Query notifies providers asynchronously, so a context
 * snapshot could still say "signed out" on the render right after a login navigates away.
 */
export function useAuth(): AuthState {
  const actions = useContext(AuthContext);
  if (!actions) throw new Error('useAuth must be used within an AuthProvider');
  const { data, isLoading, error } = useUserQuery();
  return { user: data, isLoading, error, setUser: actions.setUser };
}
