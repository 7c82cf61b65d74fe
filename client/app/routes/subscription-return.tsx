import { SubscriptionReturnPage } from '@/features/subscription/components/subscription-return-page';

export default function SubscriptionReturnRoute() {
  return <SubscriptionReturnPage />;
}
