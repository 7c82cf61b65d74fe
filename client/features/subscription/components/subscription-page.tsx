import { DEFAULT_PLAN_ID, getPlan, isPlanId, type PlanId } from '@common/plans';
import { ArrowLeft, CreditCard, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PlanPicker } from '@/components/plan-picker';
import { PlanSummary } from '@/components/plan-summary';
import { Button } from '@/components/ui/button';
import { useCreateSubscriptionMutation } from '@/features/subscription/api/create-subscription';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';

/** Where to go from a failed subscription, when the error code says where. */
function ErrorFollowUp({ error, planId }: { error: Error | null; planId: PlanId }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'PAYMENTS_UNAVAILABLE') {
    return (
      <Link href="/dashboard" className="font-medium underline underline-offset-4">
        {t('common.goToDashboard')}
      </Link>
    );
  }
  if (error.code === 'UNAUTHENTICATED') {
    return (
      <Link href={`/auth?plan=${planId}`} className="font-medium underline underline-offset-4">
        {t('subscription.signIn')}
      </Link>
    );
  }
  return null;
}

/** Last step: confirm the plan and go to the payment provider (SPEC.md §2 "Subscription screen"). */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const name = params.get('name') ?? '';
  const queryPlan = params.get('plan');
  const [planId, setPlanId] = useState<PlanId>(isPlanId(queryPlan) ? queryPlan : DEFAULT_PLAN_ID);
  const mutation = useCreateSubscriptionMutation();
  // After success the browser is already leaving for the checkout page.
  const busy = mutation.isPending || mutation.isSuccess;
  useDocumentTitle(t('subscription.pageTitle'));

  const error = mutation.error;
  const message =
    error instanceof ApiError && error.message ? error.message : t('subscription.errorFallback');

  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader
        action={
          <Button asChild variant="ghost">
            <Link href="/plans">
              <ArrowLeft aria-hidden="true" />
              {t('subscription.back')}
            </Link>
          </Button>
        }
      />
      <main className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 sm:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy sm:text-4xl">
            {t('subscription.title')}
          </h1>
          <p className="max-w-2xl text-muted-foreground">
            {name ? t('subscription.greeting', { name }) : t('subscription.subtitle')}
          </p>
          {email ? (
            <p className="text-sm text-muted-foreground">{t('subscription.account', { email })}</p>
          ) : null}
        </div>
        <PlanPicker value={planId} onChange={setPlanId} />
        <PlanSummary
          plan={getPlan(planId)}
          label={t('subscription.summaryLabel')}
          className="mx-auto w-full max-w-2xl bg-card"
        >
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 text-green-600" />
            {t('subscription.guarantee')}
          </p>
          <div className="mt-6 grid gap-4">
            {mutation.isError ? (
              <ErrorAlert title={t('subscription.errorTitle')} message={message}>
                <ErrorFollowUp error={error} planId={planId} />
              </ErrorAlert>
            ) : null}
            <Button
              size="lg"
              variant="brand"
              disabled={busy}
              onClick={() => mutation.mutate({ planId, userEmail: email, userName: name })}
            >
              <CreditCard aria-hidden="true" />
              {busy ? t('subscription.processing') : t('subscription.subscribe')}
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              {t('subscription.redirectNote')}
            </p>
          </div>
        </PlanSummary>
      </main>
    </div>
  );
}
