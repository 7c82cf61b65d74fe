import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useBillingQuery } from '@/features/subscription/api/get-billing';

/**
 * Dashboard banner while no subscription is trialing or active: building and testing work, but
 * WhatsApp and the website widget do not answer customers.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation('billing');
  const query = useBillingQuery();
  if (!query.data || query.data.servesCustomers) return null;
  const paused = query.data.subscription?.status === 'paused';
  return (
    <section
      role="region"
      aria-label={t('banner.title')}
      data-testid="subscription-banner"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div>
          <p className="font-semibold text-brand-navy">{t('banner.title')}</p>
          <p className="text-sm text-muted-foreground">
            {paused ? t('banner.pausedText') : t('banner.text')}
          </p>
        </div>
      </div>
      <Button asChild variant="brand" className="shrink-0">
        <Link href="/subscription">{t('banner.action')}</Link>
      </Button>
    </section>
  );
}
