import { SubscriptionReturnPage } from '@/features/subscriptions/components/subscription-return-page';

export default function SubscriptionReturnRoute() {
  return <SubscriptionReturnPage />;
}
