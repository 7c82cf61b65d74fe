import type { Plan } from '@common/plans';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanPrice } from '@/components/plan-price';
import { cn } from '@/lib/utils';

interface PlanSummaryProps {
  plan: Plan;
  label: string;
  children?: ReactNode;
  className?: string;
  /** One line for the name and the price on every width (the plans page keeps it at the bottom of
   *  the screen, where it must stay small on a phone). */
  compact?: boolean;
}

/** The "Plano Selecionado" box: label, plan name and monthly value, then the page's own content. */
export function PlanSummary({ plan, label, children, className, compact }: PlanSummaryProps) {
  const { t } = useTranslation();
  const name = t(`plans.${plan.id}.name`);
  if (compact) {
    // Name and price on one line; on a wider screen the page's content (its button) beside them.
    return (
      <section
        aria-label={label}
        data-testid="plan-summary"
        className={cn(
          // opaque: it stays in view while the page scrolls under it
          'flex flex-col gap-3 rounded-xl border-2 border-brand-navy bg-card p-4 sm:flex-row sm:items-center sm:justify-between',
          className,
        )}
      >
        <div className="flex items-baseline justify-between gap-x-3 sm:justify-start sm:gap-x-6">
          <p className="font-bold text-brand-navy">
            <span className="block text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase">
              {label}
            </span>
            <span className="text-xl">{name}</span>
          </p>
          <PlanPrice
            cents={plan.priceCents}
            nowrap
            className="[&>span:first-child]:text-xl sm:[&>span:first-child]:text-2xl"
          />
        </div>
        {children}
      </section>
    );
  }
  return (
    <section
      aria-label={label}
      data-testid="plan-summary"
      className={cn('rounded-xl border-2 border-brand-navy bg-brand-navy/5 p-6', className)}
    >
      <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="text-2xl font-bold text-brand-navy">{name}</p>
        <PlanPrice cents={plan.priceCents} />
      </div>
      {children}
    </section>
  );
}
