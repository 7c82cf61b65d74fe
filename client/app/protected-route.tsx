import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '@/lib/auth/auth-provider';
import { SessionErrorPage } from '@/components/session-error-page';

/**
 * Shows children to a signed-in user; sends everyone else to /auth. While the session is being
 * read it shows `fallback` (the skeleton of the screen behind it).
 */
export function ProtectedRoute({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback: ReactNode;
}) {
  const { user, isLoading, error } = useAuth();
  if (isLoading) return <>{fallback}</>;
  if (error && user === undefined) return <SessionErrorPage />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
