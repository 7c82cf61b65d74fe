import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/app/protected-route';
import { LandingRoute } from '@/app/routes/landing';
import { Spinner } from '@/components/ui/spinner';

// The landing page ships in the first bundle; every other screen loads on demand.
const PlansRoute = lazy(() => import('@/app/routes/plans'));
const AuthRoute = lazy(() => import('@/app/routes/auth'));
const SubscriptionRoute = lazy(() => import('@/app/routes/subscription'));
const SubscriptionReturnRoute = lazy(() => import('@/app/routes/subscription-return'));
const SandboxCheckoutRoute = lazy(() => import('@/app/routes/sandbox-checkout'));
const DashboardRoute = lazy(() => import('@/app/routes/dashboard'));
const AgentEditRoute = lazy(() => import('@/app/routes/agent-edit'));
const SimulatorRoute = lazy(() => import('@/app/routes/simulator'));
const DocsWebchatRoute = lazy(() => import('@/app/routes/docs-webchat'));
const NotFoundRoute = lazy(() => import('@/app/routes/not-found'));

function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={LandingRoute} />
        <Route path="/landing" component={LandingRoute} />
        <Route path="/plans" component={PlansRoute} />
        <Route path="/auth" component={AuthRoute} />
        <Route path="/subscription" component={SubscriptionRoute} />
        <Route path="/docs/webchat" component={DocsWebchatRoute} />
        <Route path="/subscription/return">
          <ProtectedRoute>
            <SubscriptionReturnRoute />
          </ProtectedRoute>
        </Route>
        <Route path="/checkout/sandbox/:checkoutId">
          {(params) => (
            <ProtectedRoute>
              <SandboxCheckoutRoute checkoutId={params.checkoutId} />
            </ProtectedRoute>
          )}
        </Route>
        <Route path="/dashboard">
          <ProtectedRoute>
            <DashboardRoute />
          </ProtectedRoute>
        </Route>
        <Route path="/simulator">
          <ProtectedRoute>
            <SimulatorRoute />
          </ProtectedRoute>
        </Route>
        <Route path="/agents/:agentId/edit">
          {(params) => (
            <ProtectedRoute>
              <AgentEditRoute agentId={params.agentId} />
            </ProtectedRoute>
          )}
        </Route>
        <Route component={NotFoundRoute} />
      </Switch>
    </Suspense>
  );
}
