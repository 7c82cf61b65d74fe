import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const VARIANTS: Record<string, BadgeProps['variant']> = {
  active: 'brand',
  testing: 'secondary',
  draft: 'outline',
};

/** Ativo, Testando or Rascunho (SPEC.md §2); an unknown status shows as a draft. */
export function AgentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('console');
  const known = status === 'active' || status === 'testing' ? status : 'draft';
  return <Badge variant={VARIANTS[known]}>{t(`testing.status.${known}`)}</Badge>;
}
