import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBillingQuery } from '@/lib/billing/get-billing';
import { formatDate } from '@/lib/format-date';

const POLL_MS = 1500;
/** After this long the page stops waiting on screen (the subscription still syncs in the background). */
const PATIENCE_MS = 60_000;

/**
 * Where the payment provider sends the buyer back (the back URL). Coming back proves nothing:
 * the page only shows what the server learned from the provider's notification, polling until
 * the subscription leaves 'pending'.
 */
export function SubscriptionReturnPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('return.pageTitle'));
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setPatient(false), PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const query = useBillingQuery({
    pollMs: POLL_MS,
    pollWhile: (data) => patient && (data?.subscription?.status ?? 'pending') === 'pending',
  });
  const sub = query.data?.subscription ?? null;
  const status = sub?.status ?? 'pending';

  let content;
  if (status === 'trialing' || status === 'active' || status === 'paused') {
    content = (
      <>
        <CheckCircle2 aria-hidden="true" className="size-12 text-green-600" />
        <p className="text-lg font-semibold text-brand-navy" role="status">
          {t(`return.${status}`)}
        </p>
        {sub?.nextChargeAt ? (
          <p className="text-muted-foreground">
            {t('return.firstCharge', { date: formatDate(sub.nextChargeAt) })}
          </p>
        ) : null}
        <Button asChild variant="brand">
          <Link href="/dashboard">{t('return.goToDashboard')}</Link>
        </Button>
      </>
    );
  } else if (status === 'cancelled') {
    content = (
      <>
        <XCircle aria-hidden="true" className="size-12 text-red-600" />
        <p className="text-lg font-semibold" role="status">
          {t('return.cancelled')}
        </p>
        <Button asChild variant="brand">
          <Link href="/subscription">{t('return.tryAgain')}</Link>
        </Button>
      </>
    );
  } else {
    content = (
      <>
        {patient ? (
          <Spinner label={t('return.waiting')} />
        ) : (
          <Clock aria-hidden="true" className="size-12 text-amber-500" />
        )}
        <p className="text-lg font-semibold text-brand-navy" role="status">
          {t('return.waiting')}
        </p>
        <p className="text-sm text-muted-foreground">
          {patient ? t('return.waitingHint') : t('return.slow')}
        </p>
        {!patient ? (
          <Button asChild variant="outline">
            <Link href="/dashboard">{t('return.goToDashboard')}</Link>
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader />
      <main className="mx-auto max-w-xl px-4 py-16">
        <Card data-testid="subscription-return">
          <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
            {content}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
