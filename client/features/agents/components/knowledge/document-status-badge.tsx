import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { DocumentStatus } from '@/features/agents/api/get-documents';
import { cn } from '@/lib/utils';

const COLOURS: Record<DocumentStatus, string> = {
  pending: 'bg-gray-100 text-gray-700',
  processing: 'bg-blue-100 text-blue-800',
  ready: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
};

/** Pendente / Processando / Pronto / Falhou. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('agents');
  return (
    <Badge data-testid="document-status" className={cn('border-transparent', COLOURS[status])}>
      {t(`documents.status.${status}`)}
    </Badge>
  );
}
