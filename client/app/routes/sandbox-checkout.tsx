import { SandboxCheckoutPage } from '@/features/subscriptions/components/sandbox-checkout-page';

export default function SandboxCheckoutRoute({ checkoutId }: { checkoutId: string }) {
  return <SandboxCheckoutPage checkoutId={checkoutId} />;
}
