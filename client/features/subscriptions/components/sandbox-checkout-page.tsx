import { formatBRL } from '@common/plans';
import { FlaskConical, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDecideSandboxCheckoutMutation } from '@/features/subscriptions/api/decide-sandbox-checkout';
import { useSandboxCheckoutQuery } from '@/features/subscriptions/api/get-sandbox-checkout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/form-errors';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/**
 * The test checkout shown instead of Mercado Pago's when no access token is configured. It looks
 * nothing like a real payment page on purpose and says so.
 */
export function SandboxCheckoutPage({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation('billing');
  const { t: tu } = useTranslation();
  useDocumentTitle(t('sandbox.pageTitle'));
  const query = useSandboxCheckoutQuery(checkoutId);
  const decide = useDecideSandboxCheckoutMutation(checkoutId);
  const busy = decide.isPending || decide.isSuccess;
  const checkout = query.data;

  return (
    <div className="min-h-screen bg-amber-50">
      <PageHeader />
      <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12">
        <div className="flex flex-col items-center gap-3 text-center">
          <Badge size="lead" className="gap-1 bg-amber-500 text-white">
            <FlaskConical aria-hidden="true" className="size-4" />
            {t('sandbox.badge')}
          </Badge>
          <h1 className="text-3xl font-bold text-brand-navy">{t('sandbox.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('sandbox.notice')}</p>
        </div>
        {query.isPending ? (
          <div className="flex justify-center">
            <Spinner label={tu('common.loading')} />
          </div>
        ) : null}
        {query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('sandbox.loadError'))}>
            <Link href="/dashboard" className="font-medium underline underline-offset-4">
              {t('sandbox.goToDashboard')}
            </Link>
          </ErrorAlert>
        ) : null}
        {checkout ? (
          <Card data-testid="sandbox-checkout">
            <CardHeader>
              <CardTitle className="text-brand-navy">{checkout.reason}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              <dl className="grid gap-3 text-sm">
                <Row label={t('sandbox.plan')} value={tu(`plans.${checkout.planId}.name`)} />
                <Row
                  label={t('sandbox.amount')}
                  value={`${formatBRL(checkout.amountCents)} ${tu('common.perMonth')}`}
                />
                <Row label={t('sandbox.payer')} value={checkout.payerEmail} />
                {checkout.freeTrialDays ? (
                  <Row
                    label={t('sandbox.trial')}
                    value={t('sandbox.trialDays', { count: checkout.freeTrialDays })}
                  />
                ) : null}
              </dl>
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <ShieldCheck aria-hidden="true" className="size-4 text-green-600" />
                {t('sandbox.trialText')}
              </p>
              {decide.isError ? (
                <ErrorAlert message={errorMessage(decide.error, t('sandbox.errorFallback'))} />
              ) : null}
              {checkout.status === 'pending' ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Button
                    variant="brand"
                    size="lg"
                    disabled={busy}
                    onClick={() => decide.mutate('approve')}
                  >
                    {busy && decide.variables === 'approve'
                      ? t('sandbox.working')
                      : t('sandbox.approve')}
                  </Button>
                  <Button
                    variant="outline"
                    size="lg"
                    disabled={busy}
                    onClick={() => decide.mutate('decline')}
                  >
                    {busy && decide.variables === 'decline'
                      ? t('sandbox.working')
                      : t('sandbox.decline')}
                  </Button>
                </div>
              ) : (
                <div className="grid gap-3">
                  <p className="text-sm">{t('sandbox.decided')}</p>
                  <Button asChild variant="outline">
                    <Link href="/dashboard">{t('sandbox.goToDashboard')}</Link>
                  </Button>
                </div>
              )}
            </CardContent>
          </Card>
        ) : null}
      </main>
    </div>
  );
}
