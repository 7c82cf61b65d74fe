import { SubscriptionPage } from '@/features/subscriptions/components/subscription-page';

export default function SubscriptionRoute() {
  return <SubscriptionPage />;
}
