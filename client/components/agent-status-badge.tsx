import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONES = {
  active: 'border-transparent bg-green-100 text-green-800',
  testing: 'border-transparent bg-yellow-100 text-yellow-800',
  draft: 'border-transparent bg-gray-100 text-gray-700',
} as const;

type AgentStatusBadgeProps = Omit<ComponentProps<'span'>, 'children'> & { status: string };

/**
 * An agent's status, the same on every screen: Ativo green, Testando yellow, anything else
 * Rascunho grey (an unknown status shows as a draft).
 */
export function AgentStatusBadge({ status, className, ...props }: AgentStatusBadgeProps) {
  const { t } = useTranslation();
  const key = status === 'active' || status === 'testing' ? status : 'draft';
  return (
    <Badge data-status={key} className={cn(TONES[key], className)} {...props}>
      {t(`agentStatus.${key}`)}
    </Badge>
  );
}
