import { PlansPage } from '@/features/subscriptions/components/plans-page';

export default function PlansRoute() {
  return <PlansPage />;
}
