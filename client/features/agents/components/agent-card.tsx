import type { Agent } from '@common/schemas/agent';
import { Cpu, FlaskConical, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AgentStatusBadge } from '@/components/agent-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AgentCardMenu } from '@/features/agents/components/agent-card-menu';

interface AgentCardProps {
  agent: Agent;
  onTest: (agentId: number) => void;
  onWebchatCode: (agentId: number) => void;
}

export function AgentCard({ agent, onTest, onWebchatCode }: AgentCardProps) {
  const { t } = useTranslation('agents');
  const titleId = `agent-${agent.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="agent-card"
      className="flex flex-col"
    >
      <CardHeader className="gap-2 pb-4">
        <div className="flex items-start justify-between gap-2">
          <AgentStatusBadge status={agent.status} />
          <AgentCardMenu agent={agent} onWebchatCode={onWebchatCode} />
        </div>
        <CardTitle id={titleId} className="break-words">
          {agent.name}
        </CardTitle>
        <CardDescription className="line-clamp-2 break-words">
          {agent.description || t('card.noDescription')}
        </CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Cpu aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('card.model')}:</span>
          <span data-testid="agent-model">{agent.model || t('card.defaultModel')}</span>
        </p>
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link href={`/agents/${agent.id}/edit`}>
              <Pencil aria-hidden="true" />
              {t('card.edit')}
            </Link>
          </Button>
          <Button size="sm" className="flex-1" onClick={() => onTest(agent.id)}>
            <FlaskConical aria-hidden="true" />
            {t('card.test')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
