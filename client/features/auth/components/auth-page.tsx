import { DEFAULT_PLAN_ID, getPlan, isPlanId } from '@common/plans';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { LanguageSwitch } from '@/components/language-switch';
import { PageHeader } from '@/components/page-header';
import { PlanPrice } from '@/components/plan-price';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LightTabs } from '@/components/ui/light-tabs';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth/auth-provider';

// Only someone already signed in reads the subscription: the query client loads with it.
const SignedInRedirect = lazy(async () => {
  const [module, queries] = await Promise.all([
    import('@/features/auth/components/signed-in-redirect'),
    import('@/lib/query-provider'),
  ]);
  return { default: queries.withQueries(module.SignedInRedirect) };
});

/** Step 2 of 2: sign in or register. */
export function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryPlan = params.get('plan');
  const planId = isPlanId(queryPlan) ? queryPlan : DEFAULT_PLAN_ID;
  const plan = getPlan(planId);
  const { user } = useAuth();
  useDocumentTitle(t('auth.pageTitle'));
  if (user) {
    return (
      <Suspense fallback={null}>
        <SignedInRedirect planId={planId} />
      </Suspense>
    );
  }

  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader logoHref="/landing" action={<LanguageSwitch />} />
      <main className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <Badge variant="brand" size="lead">
            {t('auth.badge')}
          </Badge>
          <h1 className="text-3xl font-bold tracking-tight text-brand-navy">{t('auth.title')}</h1>
          <p className="text-muted-foreground">{t('auth.subtitle')}</p>
        </div>
        <section
          aria-label={t('auth.selectedPlan')}
          data-testid="selected-plan"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border-2 border-brand-navy bg-card p-4"
        >
          <div>
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('auth.selectedPlan')}
            </p>
            <p className="text-lg font-semibold text-brand-navy">{t(`plans.${planId}.name`)}</p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <PlanPrice cents={plan.priceCents} className="[&>span:first-child]:text-xl" />
            <Link
              href={`/plans?selected=${planId}`}
              className="text-sm font-medium text-brand-navy underline underline-offset-4"
            >
              {t('auth.changePlan')}
            </Link>
          </div>
        </section>
        <LightTabs
          label={t('auth.tabs.label')}
          listClassName="w-full *:flex-1"
          defaultValue="register"
          tabs={[
            {
              value: 'login',
              label: t('auth.tabs.login'),
              content: (
                <Card>
                  <CardHeader>
                    <CardTitle>{t('auth.login.title')}</CardTitle>
                    <CardDescription>{t('auth.login.description')}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <LoginForm />
                  </CardContent>
                </Card>
              ),
            },
            {
              value: 'register',
              label: t('auth.tabs.register'),
              content: (
                <Card>
                  <CardHeader>
                    <CardTitle>{t('auth.register.title')}</CardTitle>
                    <CardDescription>{t('auth.register.description')}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <RegisterForm planId={planId} />
                  </CardContent>
                </Card>
              ),
            },
          ]}
        />
      </main>
    </div>
  );
}
