/**
 * Plans, Mercado Pago (or sandbox) subscriptions, their webhook and sync, and the entitlements
 * every channel checks (what an owner's plan allows, whether they serve customers).
 */
export {
  agentServesCustomers,
  assertCanCreateAgent,
  assertExternalApis,
  assertKnowledgeBase,
  customerAccess,
  customerAccessExpression,
  type CustomerAccessRow,
  ownerPlan,
  ownerServesCustomers,
  runtimeFeatures,
  type RuntimeFeatures,
  toCustomerAccess,
  withinPlanLimits,
} from './entitlements';
export { paymentWebhookRoutes } from './payment-webhook.routes';
export { sandboxCheckoutRoutes } from './sandbox-checkout.routes';
export { registerSubscriptionJobs } from './subscription-jobs';
export { subscriptionRoutes } from './subscriptions.routes';
export { SUBSCRIPTION_QUEUES } from './sync.service';
