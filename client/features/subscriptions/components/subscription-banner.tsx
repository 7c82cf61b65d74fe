import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useBillingQuery } from '@/lib/billing/get-billing';
import { formatDate } from '@/lib/format-date';

/**
 * Dashboard banner while no subscription is trialing or active: building and testing work, but
 * WhatsApp and the website widget do not answer customers.
 */
export function SubscriptionBanner() {
  const { t } = useTranslation('billing');
  const { t: tu } = useTranslation();
  const query = useBillingQuery();
  if (!query.data) return null;
  const sub = query.data.subscription;
  if (query.data.servesCustomers) {
    // During the free trial, a quiet reminder of when the first charge comes.
    if (sub?.status !== 'trialing' || !sub.trialEndsAt) return null;
    return (
      <p
        data-testid="subscription-trial-note"
        className="flex items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900"
      >
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {t('banner.trial', {
          plan: tu(`plans.${sub.planId}.name`),
          date: formatDate(sub.trialEndsAt),
        })}
      </p>
    );
  }
  const paused = sub?.status === 'paused';
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
