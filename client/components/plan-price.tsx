import { formatBRL } from '@common/plans';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A plan's monthly price, shown as "R$ 99,90 /mês" (on one line with `nowrap`). */
export function PlanPrice({
  cents,
  className,
  nowrap = false,
}: {
  cents: number;
  className?: string;
  nowrap?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <p
      className={cn('flex items-baseline gap-x-1', nowrap ? 'flex-nowrap' : 'flex-wrap', className)}
    >
      <span className="text-3xl font-bold tracking-tight whitespace-nowrap">
        {formatBRL(cents)}
      </span>{' '}
      <span className="text-sm text-muted-foreground">{t('common.perMonth')}</span>
    </p>
  );
}
