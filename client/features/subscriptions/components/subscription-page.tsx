import { DEFAULT_PLAN_ID, getPlan, isPlanId, type PlanId } from '@common/plans';
import { CreditCard, MessageCircle, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { LazyContactSalesDialog } from '@/components/lazy-contact-sales-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PlanPicker } from '@/components/plan-picker';
import { PlanSummary } from '@/components/plan-summary';
import { Button } from '@/components/ui/button';
import { useCreateSubscriptionMutation } from '@/features/subscriptions/api/create-subscription';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { dashboardSectionState } from '@/lib/dashboard-location';

/** Where to go from a failed subscription, when the error code says where. */
function ErrorFollowUp({ error, planId }: { error: Error | null; planId: PlanId }) {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('billing');
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'SUBSCRIPTION_EXISTS') {
    return (
      <Link
        href="/dashboard"
        state={dashboardSectionState('settings')}
        className="font-medium underline underline-offset-4"
      >
        {tb('goToSettings')}
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

/** Last step: confirm the plan and go to the payment provider. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('billing');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const email = params.get('email') ?? user?.email ?? '';
  const name = params.get('name') ?? user?.name ?? '';
  const queryPlan = params.get('plan');
  const [planId, setPlanId] = useState<PlanId>(isPlanId(queryPlan) ? queryPlan : DEFAULT_PLAN_ID);
  const [payerEmail, setPayerEmail] = useState(email);
  const [contactOpen, setContactOpen] = useState(false);
  const mutation = useCreateSubscriptionMutation();
  // After success the browser is already leaving for the checkout page.
  const busy = mutation.isPending || mutation.isSuccess;
  const plan = getPlan(planId);
  useDocumentTitle(t('subscription.pageTitle'));

  const error = mutation.error;
  const message =
    error instanceof ApiError && error.message ? error.message : t('subscription.errorFallback');
  const emailError = error instanceof ApiError ? error.fieldErrors.userEmail?.[0] : undefined;

  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader back={{ href: '/plans', label: t('subscription.back') }} />
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
          plan={plan}
          label={t('subscription.summaryLabel')}
          className="mx-auto w-full max-w-2xl bg-card"
        >
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 text-green-600" />
            {plan.contactSales ? t('subscription.guarantee') : tb('trialNote')}
          </p>
          {plan.contactSales ? (
            <div className="mt-6 grid gap-4">
              <p className="text-sm text-muted-foreground">{tb('contact.note')}</p>
              <Button size="lg" variant="brand" onClick={() => setContactOpen(true)}>
                <MessageCircle aria-hidden="true" />
                {tb('contact.open')}
              </Button>
              <LazyContactSalesDialog
                open={contactOpen}
                onOpenChange={setContactOpen}
                planId={planId}
                defaults={{ name, email }}
              />
            </div>
          ) : (
            <form
              className="mt-6 grid gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                mutation.mutate({ planId, userEmail: payerEmail, userName: name });
              }}
            >
              <div className="grid gap-1">
                <FormField
                  label={tb('payerEmail.label')}
                  type="email"
                  autoComplete="email"
                  value={payerEmail}
                  onChange={(event) => setPayerEmail(event.target.value)}
                  error={emailError}
                  aria-describedby={emailError ? undefined : 'payer-email-hint'}
                />
                <p id="payer-email-hint" className="text-xs text-muted-foreground">
                  {tb('payerEmail.hint')}
                </p>
              </div>
              {mutation.isError ? (
                <ErrorAlert title={t('subscription.errorTitle')} message={message}>
                  <ErrorFollowUp error={error} planId={planId} />
                </ErrorAlert>
              ) : null}
              <Button type="submit" size="lg" variant="brand" disabled={busy}>
                <CreditCard aria-hidden="true" />
                {busy ? t('subscription.processing') : t('subscription.subscribe')}
              </Button>
              <p className="text-center text-sm text-muted-foreground">
                {t('subscription.redirectNote')}
              </p>
            </form>
          )}
        </PlanSummary>
      </main>
    </div>
  );
}
