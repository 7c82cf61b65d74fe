import { Route, Switch, useLocation } from 'wouter';
import { lazyPage } from '@/app/lazy-page';
import { ProtectedRoute } from '@/app/protected-route';
import { LandingRoute } from '@/app/routes/landing';
import { AuthSkeleton } from '@/components/skeletons/auth-skeleton';
import { DashboardSkeleton } from '@/components/skeletons/dashboard-skeleton';
import { PublicPageSkeleton } from '@/components/skeletons/public-page-skeleton';
import { sectionOfPath } from '@/lib/dashboard-paths';
import { NAMESPACES } from '@/lib/i18n';

// The landing page ships in the first bundle; every other screen loads on demand, with the
// catalogues it reads (`errors` for the field messages of forms; the editor reads them all, the
// dashboard those of its shell and home). A lazy landing was tried: it saved /plans and /auth
// nothing (its code is mostly shared with them) and cost / a dozen small requests.
const PlansRoute = lazyPage(() => import('@/app/routes/plans'), [], PublicPageSkeleton, {
  queries: false,
});
// The sign-in page fetches `errors` with its forms' validation, on first use (features/auth).
const AuthRoute = lazyPage(() => import('@/app/routes/auth'), [], AuthSkeleton, {
  queries: false,
});
const SubscriptionRoute = lazyPage(
  () => import('@/app/routes/subscription'),
  ['billing', 'errors'],
  PublicPageSkeleton,
);
const SubscriptionReturnRoute = lazyPage(
  () => import('@/app/routes/subscription-return'),
  ['billing', 'errors'],
  PublicPageSkeleton,
);
const SandboxCheckoutRoute = lazyPage(
  () => import('@/app/routes/sandbox-checkout'),
  ['billing', 'errors'],
  PublicPageSkeleton,
);
// The dashboard's own catalogues are those of its shell and home; each section brings its own
// (app/dashboard-section-content.tsx), each dialog too.
const DashboardRoute = lazyPage(
  () => import('@/app/routes/dashboard'),
  ['home', 'analytics', 'billing', 'inbox', 'notifications'],
  DashboardSkeleton,
);
const AgentEditRoute = lazyPage(
  () => import('@/app/routes/agent-edit'),
  NAMESPACES,
  DashboardSkeleton,
);
const SimulatorRoute = lazyPage(
  () => import('@/app/routes/simulator'),
  ['simulator', 'errors'],
  DashboardSkeleton,
);
const DocsWebchatRoute = lazyPage(
  () => import('@/app/routes/docs-webchat'),
  ['webchat'],
  PublicPageSkeleton,
);
const BookingRoute = lazyPage(
  () => import('@/app/routes/booking'),
  ['appointments', 'errors'],
  PublicPageSkeleton,
);
const NotFoundRoute = lazyPage(() => import('@/app/routes/not-found'), [], PublicPageSkeleton, {
  queries: false,
});

export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={LandingRoute} />
      <Route path="/landing" component={LandingRoute} />
      <Route path="/plans" component={PlansRoute} />
      <Route path="/auth" component={AuthRoute} />
      <Route path="/subscription" component={SubscriptionRoute} />
      <Route path="/docs/webchat" component={DocsWebchatRoute} />
      <Route path="/agendar/:slug">{(params) => <BookingRoute slug={params.slug} />}</Route>
      <Route path="/subscription/return">
        <ProtectedRoute fallback={<PublicPageSkeleton />}>
          <SubscriptionReturnRoute />
        </ProtectedRoute>
      </Route>
      <Route path="/checkout/sandbox/:checkoutId">
        {(params) => (
          <ProtectedRoute fallback={<PublicPageSkeleton />}>
            <SandboxCheckoutRoute checkoutId={params.checkoutId} />
          </ProtectedRoute>
        )}
      </Route>
      <Route path="/dashboard/*?">
        <DashboardPaths />
      </Route>
      <Route path="/simulator">
        <ProtectedRoute fallback={<DashboardSkeleton />}>
          <SimulatorRoute />
        </ProtectedRoute>
      </Route>
      <Route path="/agents/:agentId/edit">
        {(params) => (
          <ProtectedRoute fallback={<DashboardSkeleton />}>
            <AgentEditRoute agentId={params.agentId} />
          </ProtectedRoute>
        )}
      </Route>
      <Route component={NotFoundRoute} />
    </Switch>
  );
}

/**
 * /dashboard and each section's path (lib/dashboard-paths.ts) are one route, so moving between
 * sections keeps the dashboard mounted; any other path under /dashboard is not found, signed in
 * or not.
 */
function DashboardPaths() {
  const [location] = useLocation();
  if (sectionOfPath(location) === null) return <NotFoundRoute />;
  return (
    <ProtectedRoute fallback={<DashboardSkeleton />}>
      <DashboardRoute />
    </ProtectedRoute>
  );
}
