import { SandboxCheckoutPage } from '@/features/subscription/components/sandbox-checkout-page';

export default function SandboxCheckoutRoute({ checkoutId }: { checkoutId: string }) {
  return <SandboxCheckoutPage checkoutId={checkoutId} />;
}
