import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QuickLinksCard } from '@/features/dashboard/components/quick-links-card';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { useAuth } from '@/lib/auth/auth-provider';

interface DashboardHomeProps {
  /** The subscription banner, composed by the app from the subscription feature. */
  banner?: ReactNode;
  /** 'Coloque seu agente no ar', composed by the app (its buttons open other features). */
  checklist?: ReactNode;
  /** 'Seus Agentes', composed by the app from the agents feature. */
  recentAgents: ReactNode;
  /** 'Conversas', composed by the app from the inbox feature. */
  conversations?: ReactNode;
  /** The last 7 days' chart, composed by the app from the analytics feature. */
  analytics?: ReactNode;
  /** 'Atalhos' › 'Assistente de criação' */
  onWizard: () => void;
}

/** Section "dashboard": greeting, the go-live checklist, stat cards, the latest agents and links. */
export function DashboardHome(props: DashboardHomeProps) {
  const { banner, checklist, recentAgents, conversations, analytics, onWizard } = props;
  const { t } = useTranslation('home');
  const { user } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      {banner}
      {user ? (
        <p className="text-lg font-semibold text-brand-navy" data-testid="welcome">
          {t('welcome', { name: user.name })}
        </p>
      ) : null}
      {checklist}
      <StatCards />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          {recentAgents}
          {conversations}
          {analytics}
        </div>
        <QuickLinksCard onWizard={onWizard} />
      </div>
    </div>
  );
}
