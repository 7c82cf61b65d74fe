import type { Plan, PlanId } from '@common/plans';
import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanPrice } from '@/components/plan-price';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const ACCENT: Record<PlanId, string> = {
  basico: 'bg-slate-400',
  standard: 'bg-brand-lime',
  multi: 'bg-sky-500',
  consultoria: 'bg-brand-navy',
};

interface PlanCardProps {
  plan: Plan;
  selected?: boolean;
  /** Footer content, e.g. the landing page's call to action. */
  action?: ReactNode;
  className?: string;
}

/** A plan's name, price, description, features and limitations (texts under `plans.<id>`). */
export function PlanCard({ plan, selected = false, action, className }: PlanCardProps) {
  const { t } = useTranslation();
  const features = t(`plans.${plan.id}.features`, { returnObjects: true });
  const limitations = t(`plans.${plan.id}.limitations`, { returnObjects: true });
  return (
    <div
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-xl border-2 bg-card text-left text-card-foreground transition-shadow',
        plan.popular ? 'border-brand-lime' : 'border-border',
        selected ? 'shadow-lg ring-2 ring-brand-navy ring-offset-2' : 'shadow-sm',
        className,
      )}
    >
      <div aria-hidden="true" className={cn('h-1.5 w-full', ACCENT[plan.id])} />
      {selected ? (
        <span className="absolute top-4 right-4 inline-flex size-7 items-center justify-center rounded-full bg-brand-navy text-white">
          <Check aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('planCard.selected')}</span>
        </span>
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div className="flex flex-col gap-2">
          {plan.popular ? (
            <Badge variant="brand" className="w-fit">
              {t('planCard.popular')}
            </Badge>
          ) : null}
          <h2 className="pr-8 text-xl font-semibold text-brand-navy">
            {t(`plans.${plan.id}.name`)}
          </h2>
          <PlanPrice cents={plan.priceCents} />
          <p className="text-sm text-muted-foreground">{t(`plans.${plan.id}.description`)}</p>
        </div>
        <ul className="flex flex-col gap-2 text-sm" aria-label={t('planCard.features')}>
          {features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {limitations.length > 0 ? (
          <ul className="flex flex-col gap-2 text-sm" aria-label={t('planCard.limitations')}>
            {limitations.map((limitation) => (
              <li key={limitation} className="flex gap-2 text-muted-foreground">
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-500" />
                <span>{limitation}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {action ? <div className="mt-auto pt-2">{action}</div> : null}
      </div>
    </div>
  );
}
