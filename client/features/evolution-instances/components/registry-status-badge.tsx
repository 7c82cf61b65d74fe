import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { registryStatus, type RegistryStatus } from '@/features/evolution-instances/lib/display';
import { cn } from '@/lib/utils';

const TONES: Record<RegistryStatus, string> = {
  connected: 'bg-green-100 text-green-800',
  active: 'bg-blue-100 text-blue-800',
  testing: 'bg-yellow-100 text-yellow-800',
  unknown: 'bg-gray-100 text-gray-700',
};

export function RegistryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('evolution');
  const key = registryStatus(status);
  return (
    <Badge
      data-testid="registry-status"
      data-status={key}
      className={cn('border-transparent', TONES[key])}
    >
      {key === 'unknown' ? status : t(`status.${key}`)}
    </Badge>
  );
}
