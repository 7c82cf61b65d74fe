import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_PLAN_ID, getPlan, isPlanId, type PlanId } from '@common/plans';
import { createSubscriptionSchema } from '@common/schemas/subscription';
import { CreditCard, MessageCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { SECTION_PATHS } from '@/lib/dashboard-paths';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

/** The payer's e-mail is the form's one field; the plan and the name come from the page. */
const payerSchema = createSubscriptionSchema.pick({ userEmail: true });
type PayerInput = { userEmail: string };

/** Where to go from a failed subscription, when the error code says where. */
function ErrorFollowUp({ error, planId }: { error: Error | null; planId: PlanId }) {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('billing');
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'SUBSCRIPTION_EXISTS') {
    return (
      <Link href={SECTION_PATHS.settings} className="font-medium underline underline-offset-4">
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

function SignInNeeded({ planId }: { planId: PlanId }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 grid gap-3" data-testid="subscription-sign-in">
      <p className="text-sm text-muted-foreground">{t('subscription.signInNeeded')}</p>
      <Button asChild size="lg" variant="brand">
        <Link href={`/auth?plan=${planId}`}>{t('subscription.signIn')}</Link>
      </Button>
    </div>
  );
}

/**
 * Last step: confirm the plan and go to the payment provider. The account's name and e-mail come
 * from the session, never from the address bar; the query keeps only the plan.
 */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('billing');
  const { user } = useAuth();
  const [params] = useSearchParams();
  const email = user?.email ?? '';
  const name = user?.name ?? '';
  const queryPlan = params.get('plan');
  const [planId, setPlanId] = useState<PlanId>(isPlanId(queryPlan) ? queryPlan : DEFAULT_PLAN_ID);
  const [contactOpen, setContactOpen] = useState(false);
  const form = useForm<PayerInput>({
    resolver: zodResolver(payerSchema),
    defaultValues: { userEmail: email },
  });
  // The session may arrive after the first render: its e-mail fills the field the owner left alone.
  useEffect(() => {
    if (email && !form.getFieldState('userEmail').isDirty) form.setValue('userEmail', email);
  }, [email, form]);
  const mutation = useCreateSubscriptionMutation();
  // After success the browser is already leaving for the checkout page.
  const busy = mutation.isPending || mutation.isSuccess;
  const plan = getPlan(planId);
  useDocumentTitle(t('subscription.pageTitle'));

  const error = mutation.error;
  const emailError = form.formState.errors.userEmail?.message;
  const formError = form.formState.errors.root?.server?.message;
  const onSubmit = form.handleSubmit(({ userEmail }) => {
    mutation.mutate(
      { planId, userEmail, userName: name },
      {
        onError: (failure) =>
          reportSubmitError(failure, form, ['userEmail'], () =>
            form.setError('root.server', {
              message: errorMessage(failure, t('subscription.errorFallback')),
            }),
          ),
      },
    );
  });

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
        {/* On a phone the plan chosen on /plans and its payment come first, the other plans after. */}
        <PlanPicker value={planId} onChange={setPlanId} className="max-sm:order-1" />
        <PlanSummary
          plan={plan}
          label={t('subscription.summaryLabel')}
          className="mx-auto w-full max-w-2xl bg-card"
        >
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-green-600" />
            {plan.contactSales ? t('subscription.guarantee') : tb('trialNote')}
          </p>
          {plan.contactSales ? (
            <div className="mt-6 grid gap-4">
              <p className="text-sm text-muted-foreground">{t('contactSales.note')}</p>
              <Button size="lg" variant="brand" onClick={() => setContactOpen(true)}>
                <MessageCircle aria-hidden="true" />
                {t('contactSales.open')}
              </Button>
              <LazyContactSalesDialog
                open={contactOpen}
                onOpenChange={setContactOpen}
                planId={planId}
                defaults={{ name, email }}
              />
            </div>
          ) : user === null ? (
            <SignInNeeded planId={planId} />
          ) : (
            <form className="mt-6 grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
              <div className="grid gap-1">
                <FormField
                  label={tb('payerEmail.label')}
                  type="email"
                  autoComplete="email"
                  error={emailError}
                  // the error replaces the hint as the field's description
                  {...(emailError ? {} : { 'aria-describedby': 'payer-email-hint' })}
                  {...form.register('userEmail')}
                />
                <p id="payer-email-hint" className="text-xs text-muted-foreground">
                  {tb('payerEmail.hint')}
                </p>
              </div>
              {formError ? (
                <ErrorAlert title={t('subscription.errorTitle')} message={formError}>
                  <ErrorFollowUp error={error} planId={planId} />
                </ErrorAlert>
              ) : null}
              <Button type="submit" size="lg" variant="brand" disabled={busy || user === undefined}>
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
