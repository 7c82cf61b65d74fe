import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-provider';
import { SessionErrorPage } from '@/components/session-error-page';

/** Shows children to a signed-in user; sends everyone else to /auth. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user, isLoading, error } = useAuth();
  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  if (error && user === undefined) return <SessionErrorPage />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
