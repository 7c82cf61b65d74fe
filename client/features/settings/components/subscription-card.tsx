import { formatBRL } from '@common/plans';
import type { SubscriptionView } from '@common/schemas/subscription';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { CancelSubscriptionDialog } from '@/features/settings/components/cancel-subscription-dialog';
import { ChangePlanDialog } from '@/features/settings/components/change-plan-dialog';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { useBillingQuery } from '@/lib/billing/get-billing';
import { errorMessage } from '@/lib/form-errors';
import { formatDate } from '@/lib/format-date';
import { currentLanguage } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const STATUS_STYLE: Record<string, string> = {
  trialing: 'bg-sky-100 text-sky-800',
  active: 'bg-green-100 text-green-800',
  paused: 'bg-amber-100 text-amber-800',
  pending: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-red-100 text-red-800',
};

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function StatusNote({ sub }: { sub: SubscriptionView }) {
  const { t } = useTranslation('billing');
  if (sub.status === 'trialing' && sub.trialEndsAt) {
    return (
      <p className="text-sm">{t('settings.trialNote', { date: formatDate(sub.trialEndsAt) })}</p>
    );
  }
  if (sub.status === 'paused') return <p className="text-sm">{t('settings.pausedNote')}</p>;
  if (sub.status === 'cancelled') {
    return (
      <p className="text-sm">
        {t('settings.cancelledNote', { date: formatDate(sub.cancelledAt) })}{' '}
        {t('settings.noCharge')}
      </p>
    );
  }
  if (sub.status === 'pending') return <p className="text-sm">{t('settings.pendingNote')}</p>;
  return null;
}

/** Settings › Assinatura: plan, status, next charge, change plan and cancel. */
export function SubscriptionCard() {
  const { t } = useTranslation('billing');
  const { t: tu } = useTranslation();
  const query = useBillingQuery();
  const [changing, setChanging] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const overview = query.data;
  const sub = overview?.subscription ?? null;
  const live = sub && ['trialing', 'active', 'paused'].includes(sub.status);
  const limit = overview?.limitsPlanId ? overview.agentCount - overview.agentsOverLimit.length : 0;

  return (
    <div lang={currentLanguage()} data-testid="subscription-card">
      <SettingsCard
        icon={CreditCard}
        title={t('settings.title')}
        description={t('settings.description')}
      >
        {query.isPending ? <Skeleton className="h-24 w-full" /> : null}
        {query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('settings.loadError'))} />
        ) : null}
        {overview && !sub ? (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t('settings.none')}</p>
            <Button asChild variant="brand" className="w-fit">
              <Link href="/subscription">{t('settings.subscribe')}</Link>
            </Button>
          </div>
        ) : null}
        {sub ? (
          <div className="grid gap-4">
            <dl className="grid gap-3 text-sm">
              <Row
                label={t('settings.plan')}
                value={tu(`plans.${sub.planId}.name`)}
                testId="subscription-plan"
              />
              <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between">
                <dt className="text-muted-foreground">{t('settings.status')}</dt>
                <dd>
                  <Badge
                    data-testid="subscription-status"
                    className={cn('border-transparent', STATUS_STYLE[sub.status])}
                  >
                    {t(`status.${sub.status}`)}
                  </Badge>
                </dd>
              </div>
              <Row
                label={t('settings.amount')}
                value={`${formatBRL(sub.amountCents)} ${tu('common.perMonth')}`}
              />
              {sub.nextChargeAt ? (
                <Row
                  label={
                    sub.status === 'trialing' ? t('settings.firstCharge') : t('settings.nextCharge')
                  }
                  value={formatDate(sub.nextChargeAt)}
                  testId="subscription-next-charge"
                />
              ) : null}
              <Row label={t('settings.payer')} value={sub.payerEmail} />
            </dl>
            <StatusNote sub={sub} />
            {overview && overview.agentsOverLimit.length > 0 ? (
              <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="note">
                {t('settings.overLimit', { limit, count: overview.agentCount })}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              {live ? (
                <>
                  <Button variant="brand" onClick={() => setChanging(true)}>
                    {t('settings.changePlan')}
                  </Button>
                  <Button variant="outline" onClick={() => setCancelling(true)}>
                    {t('settings.cancel')}
                  </Button>
                </>
              ) : null}
              {sub.status === 'pending' && sub.checkoutUrl ? (
                <Button asChild variant="brand">
                  <a href={sub.checkoutUrl}>{t('settings.continueCheckout')}</a>
                </Button>
              ) : null}
              {sub.status === 'cancelled' ? (
                <Button asChild variant="brand">
                  <Link href="/subscription">{t('settings.subscribe')}</Link>
                </Button>
              ) : null}
            </div>
            {live ? (
              <>
                <ChangePlanDialog
                  open={changing}
                  onOpenChange={setChanging}
                  currentPlanId={sub.planId}
                />
                <CancelSubscriptionDialog
                  open={cancelling}
                  onOpenChange={setCancelling}
                  inTrial={sub.status === 'trialing'}
                />
              </>
            ) : null}
          </div>
        ) : null}
      </SettingsCard>
    </div>
  );
}
