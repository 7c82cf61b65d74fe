import type { UseQueryResult } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { AgentDocument } from '@/features/agents/api/get-documents';
import { DocumentRow } from '@/features/agents/components/knowledge/document-row';
import { errorMessage } from '@/lib/form-errors';

interface DocumentListProps {
  query: UseQueryResult<AgentDocument[]>;
  busy: boolean;
  onDelete: (doc: AgentDocument) => void;
  onReprocess: (doc: AgentDocument) => void;
}

/** The uploaded documents, newest first, or the empty state 'Nenhum documento carregado'. */
export function DocumentList({ query, busy, onDelete, onReprocess }: DocumentListProps) {
  const { t } = useTranslation('agents');
  if (query.isPending) {
    return <Spinner className="justify-center py-4" label={t('documents.loading')} />;
  }
  if (query.isError) {
    return (
      <ErrorAlert
        title={t('documents.loadError')}
        message={errorMessage(query.error, t('toasts.networkError'))}
      >
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('documents.retry')}
        </Button>
      </ErrorAlert>
    );
  }
  if (query.data.length === 0) {
    return (
      <div
        data-testid="documents-empty"
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
      >
        <FileX aria-hidden="true" className="size-8" />
        {t('documents.empty')}
      </div>
    );
  }
  return (
    <ul aria-label={t('documents.listLabel')} className="divide-y">
      {query.data.map((doc) => (
        <DocumentRow
          key={doc.id}
          doc={doc}
          busy={busy}
          onDelete={onDelete}
          onReprocess={onReprocess}
        />
      ))}
    </ul>
  );
}
