import { DEFAULT_PLAN_ID, getPlan, isPlanId, type PlanId } from '@common/plans';
import { ArrowRight, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import { LazyContactSalesDialog } from '@/components/lazy-contact-sales-dialog';
import { PageHeader } from '@/components/page-header';
import { PlanPicker } from '@/components/plan-picker';
import { PlanSummary } from '@/components/plan-summary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BenefitTiles } from '@/features/subscriptions/components/benefit-tiles';
import { PlansFaq } from '@/features/subscriptions/components/plans-faq';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Step 1 of 2: choose a plan. */
export function PlansPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const preselected = params.get('selected');
  const [planId, setPlanId] = useState<PlanId>(
    isPlanId(preselected) ? preselected : DEFAULT_PLAN_ID,
  );
  const [contactOpen, setContactOpen] = useState(false);
  const plan = getPlan(planId);
  const planName = t(`plans.${planId}.name`);
  useDocumentTitle(t('plansPage.title'));

  return (
    <div className="min-h-screen bg-muted/50">
      <PageHeader back={{ href: '/', label: t('common.backToStart') }} />
      <main className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12 sm:px-6">
        <div className="flex flex-col items-center gap-4 text-center">
          <Badge variant="brand" size="lead">
            {t('plansPage.badge')}
          </Badge>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-brand-navy sm:text-4xl">
            {t('plansPage.title')}
          </h1>
          <p className="max-w-2xl text-muted-foreground">{t('plansPage.subtitle')}</p>
        </div>
        {/* On a phone the plans come right after the title; the benefits and the FAQ follow them. */}
        <div className="max-sm:order-1">
          <BenefitTiles />
        </div>
        <PlanPicker value={planId} onChange={setPlanId} />
        {/* The choice and its button stay in view at the bottom of the screen while the cards
            scroll under them: below the four cards they were 1.5 screens down on a laptop and
            2.7 on a phone. */}
        <PlanSummary
          plan={plan}
          label={t('plansPage.summary.label')}
          className="sticky bottom-3 z-10 shadow-lg"
          compact
        >
          {plan.contactSales ? (
            // Above the payment provider's range: sold by a consultant, never through checkout.
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
              <p className="max-w-md text-sm text-muted-foreground">{t('contactSales.note')}</p>
              <Button
                variant="brand"
                size="lg"
                className="w-full sm:w-auto"
                onClick={() => setContactOpen(true)}
              >
                <MessageCircle aria-hidden="true" />
                {t('contactSales.open')}
              </Button>
              <LazyContactSalesDialog
                open={contactOpen}
                onOpenChange={setContactOpen}
                planId={planId}
              />
            </div>
          ) : (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
              <p className="text-sm text-muted-foreground max-lg:hidden">
                {t('plansPage.summary.nextStep')}
              </p>
              <Button asChild variant="brand" size="lg" className="w-full sm:w-auto">
                <Link href={`/auth?plan=${planId}`}>
                  {t('plansPage.summary.continue', { plan: planName })}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          )}
        </PlanSummary>
        <div className="max-sm:order-2">
          <PlansFaq />
        </div>
      </main>
    </div>
  );
}
