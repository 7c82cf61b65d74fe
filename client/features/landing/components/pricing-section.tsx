import { PLANS } from '@common/plans';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PlanCard } from '@/components/plan-card';
import { Button } from '@/components/ui/button';
import { SectionHeading } from '@/features/landing/components/section-heading';

export function PricingSection() {
  const { t } = useTranslation();
  return (
    <section id="planos" aria-labelledby="planos-title" className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="planos-title"
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle')}
        />
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={
                <Button
                  asChild
                  className="w-full"
                  variant={plan.popular ? 'brand' : 'default'}
                  data-plan={plan.id}
                >
                  <Link href={`/plans?selected=${plan.id}`}>
                    {plan.contactSales
                      ? t('landing.pricing.contact')
                      : t('landing.pricing.choose', { plan: t(`plans.${plan.id}.name`) })}
                  </Link>
                </Button>
              }
            />
          ))}
        </div>
      </div>
    </section>
  );
}
