import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const TONES = {
  active: 'border-transparent bg-green-100 text-green-800',
  testing: 'border-transparent bg-yellow-100 text-yellow-800',
  draft: 'border-transparent bg-gray-100 text-gray-700',
} as const;

/** SPEC.md §4: active green (Ativo), testing yellow (Testando), anything else grey (Rascunho). */
export function AgentStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('agents');
  const key = status === 'active' || status === 'testing' ? status : 'draft';
  return (
    <Badge data-status={key} className={cn(TONES[key], className)}>
      {t(`status.${key}`)}
    </Badge>
  );
}
