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
}

/** The "Plano Selecionado" box: label, plan name and monthly value, then the page's own content. */
export function PlanSummary({ plan, label, children, className }: PlanSummaryProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={label}
      data-testid="plan-summary"
      className={cn('rounded-xl border-2 border-brand-navy bg-brand-navy/5 p-6', className)}
    >
      <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <div className="mt-2 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="text-2xl font-bold text-brand-navy">{t(`plans.${plan.id}.name`)}</p>
        <PlanPrice cents={plan.priceCents} />
      </div>
      {children}
    </section>
  );
}
