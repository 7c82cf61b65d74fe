import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-provider';

/** The user lookup failed for a reason other than "signed out" (server down, network). */
export function SessionErrorPage() {
  const { t } = useTranslation();
  const { retry } = useAuth();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="text-xl font-semibold">{t('session.errorTitle')}</h1>
      <p className="max-w-md text-muted-foreground">{t('session.errorDescription')}</p>
      <Button onClick={retry}>{t('session.retry')}</Button>
    </main>
  );
}
