import type { DashboardStats } from '@common/schemas/agent';
import { Bot, MessagesSquare, Plug, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardStatsQuery } from '@/features/dashboard/api/get-dashboard-stats';

const STATS: { key: keyof DashboardStats; icon: LucideIcon }[] = [
  { key: 'totalAgents', icon: Bot },
  { key: 'activeAgents', icon: Zap },
  { key: 'integrations', icon: Plug },
  { key: 'conversations', icon: MessagesSquare },
];

/** The four stat cards of the dashboard home. */
export function StatCards() {
  const { t } = useTranslation('home');
  const stats = useDashboardStatsQuery();
  if (stats.isError) {
    return <ErrorAlert title={t('stats.loadError')} message={stats.error.message} />;
  }
  return (
    // Two by two on a phone, in small cards, so the agents and quick links start on the first screen.
    <ul aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {STATS.map(({ key, icon: Icon }) => (
        <li key={key}>
          <Card
            className="flex h-full items-center justify-between gap-2 p-3 sm:gap-4 sm:p-5"
            data-stat={key}
          >
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground sm:text-sm">
                {t(`stats.${key}`)}
              </p>
              {stats.data ? (
                <p
                  className="text-2xl font-bold text-brand-navy sm:text-3xl"
                  data-testid={`stat-${key}`}
                >
                  {stats.data[key]}
                </p>
              ) : (
                <Skeleton className="mt-2 h-8 w-12" />
              )}
            </div>
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-brand-navy text-brand-lime sm:inline-flex">
              <Icon aria-hidden="true" className="size-5" />
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
