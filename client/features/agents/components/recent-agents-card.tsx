import { FlaskConical, Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AgentStatusBadge } from '@/components/agent-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAgentsQuery } from '@/lib/agents/get-agents';

/** How many agents of the list the dashboard home shows. */
export const RECENT_AGENTS = 3;

interface RecentAgentsCardProps {
  onCreate: () => void;
  onTest: (agentId: number) => void;
  onViewAll: () => void;
}

/** 'Seus Agentes' on the dashboard home. */
export function RecentAgentsCard({ onCreate, onTest, onViewAll }: RecentAgentsCardProps) {
  const { t } = useTranslation('home');
  const agents = useAgentsQuery();
  const recent = agents.data?.slice(0, RECENT_AGENTS);
  return (
    <Card className="h-full" data-testid="recent-agents">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t('recent.title')}</CardTitle>
          <CardDescription>{t('recent.description')}</CardDescription>
        </div>
        {recent && recent.length > 0 ? (
          <Button variant="link" size="sm" onClick={onViewAll}>
            {t('recent.viewAll')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {agents.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {agents.isError ? (
          <p className="text-sm text-destructive">{t('recent.loadError')}</p>
        ) : null}
        {recent?.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>
            <Button variant="brand" size="sm" onClick={onCreate}>
              <Plus aria-hidden="true" />
              {t('recent.create')}
            </Button>
          </div>
        ) : null}
        {recent && recent.length > 0 ? (
          <ul className="divide-y">
            {recent.map((agent) => (
              <li
                key={agent.id}
                className="flex items-center gap-3 py-3"
                data-testid="recent-agent"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{agent.name}</p>
                  <AgentStatusBadge status={agent.status} className="mt-1" />
                </div>
                <Button asChild variant="ghost" size="icon">
                  <Link
                    href={`/agents/${agent.id}/edit`}
                    aria-label={t('recent.edit', { name: agent.name })}
                  >
                    <Pencil aria-hidden="true" />
                  </Link>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('recent.test', { name: agent.name })}
                  onClick={() => onTest(agent.id)}
                >
                  <FlaskConical aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
