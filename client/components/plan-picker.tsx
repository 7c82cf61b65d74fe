import { formatBRL, PLANS, type PlanId } from '@common/plans';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanCard } from '@/components/plan-card';
import { cn } from '@/lib/utils';

interface PlanPickerProps {
  value: PlanId;
  onChange: (id: PlanId) => void;
  className?: string;
}

const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];
const PREV_KEYS = ['ArrowLeft', 'ArrowUp'];

/** The four plan cards as a radio group: click a card (or use the arrow keys) to select it. */
export function PlanPicker({ value, onChange, className }: PlanPickerProps) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLDivElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    let next = index;
    if (NEXT_KEYS.includes(event.key)) next = (index + 1) % PLANS.length;
    else if (PREV_KEYS.includes(event.key)) next = (index - 1 + PLANS.length) % PLANS.length;
    else if (event.key === ' ' || event.key === 'Enter') next = index;
    else return;
    event.preventDefault();
    const plan = PLANS[next];
    if (!plan) return;
    onChange(plan.id);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label={t('planCard.groupLabel')}
      className={cn('grid gap-6 sm:grid-cols-2 xl:grid-cols-4', className)}
    >
      {PLANS.map((plan, index) => {
        const selected = plan.id === value;
        return (
          <div
            key={plan.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            role="radio"
            aria-checked={selected}
            aria-label={`${t(`plans.${plan.id}.name`)}, ${formatBRL(plan.priceCents)} ${t('common.perMonth')}`}
            data-plan={plan.id}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(plan.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className="cursor-pointer rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-brand-lime focus-visible:ring-offset-2"
          >
            <PlanCard plan={plan} selected={selected} />
          </div>
        );
      })}
    </div>
  );
}
