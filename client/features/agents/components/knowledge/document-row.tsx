import { FileText, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { isProcessing, type AgentDocument } from '@/features/agents/api/get-documents';
import { DocumentStatusBadge } from '@/features/agents/components/knowledge/document-status-badge';
import { DocumentTitleDialog } from '@/features/agents/components/knowledge/document-title-dialog';
import { documentName, formatKb } from '@/features/agents/lib/document-files';

interface DocumentRowProps {
  doc: AgentDocument;
  busy: boolean;
  onDelete: (doc: AgentDocument) => void;
  onReprocess: (doc: AgentDocument) => void;
}

/**
 * One uploaded document: its name for customers when set (the file name under it), size, type,
 * status (with progress or the failure) and actions.
 */
export function DocumentRow({ doc, busy, onDelete, onReprocess }: DocumentRowProps) {
  const { t, i18n } = useTranslation('agents');
  const name = documentName(doc);
  const [editing, setEditing] = useState(false);
  return (
    <li data-testid="document-row" aria-label={name} className="grid gap-2 py-3">
      <div className="flex items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          {doc.publicTitle ? (
            <>
              <p className="font-medium break-words" data-testid="document-public-title">
                {doc.publicTitle}
              </p>
              <p className="text-xs break-words text-muted-foreground">
                {t('documents.publicTitle.fileName', { name })}
              </p>
            </>
          ) : (
            <p className="font-medium break-words">{name}</p>
          )}
          <p className="text-xs text-muted-foreground">
            <span data-testid="document-size">{formatKb(doc.fileSize, i18n.language)}</span>
            {' · '}
            <span data-testid="document-type">{doc.fileType.toUpperCase()}</span>
            {doc.processingStatus === 'ready'
              ? ` · ${t('documents.passages', { count: doc.totalChunks })}`
              : null}
          </p>
        </div>
        <DocumentStatusBadge status={doc.processingStatus} />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={t('documents.publicTitle.edit', { name })}
          title={t('documents.publicTitle.title')}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={t('documents.delete', { name })}
          onClick={() => onDelete(doc)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {isProcessing(doc) ? (
        <Progress value={doc.progress} aria-label={t('documents.progress', { name })} />
      ) : null}
      {doc.processingStatus === 'failed' ? (
        <div className="flex flex-wrap items-center gap-2 pl-8">
          {doc.failureReason ? (
            <p className="text-sm text-destructive" data-testid="document-failure">
              {doc.failureReason}
            </p>
          ) : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => onReprocess(doc)}
          >
            <RotateCcw aria-hidden="true" />
            {t('documents.reprocess')}
          </Button>
        </div>
      ) : null}
      <DocumentTitleDialog doc={doc} open={editing} onOpenChange={setEditing} />
    </li>
  );
}
