import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentsQuery } from '@/features/agents/api/get-documents';
import { DocumentList } from '@/features/agents/components/knowledge/document-list';
import { IndexModeNote } from '@/features/agents/components/knowledge/index-mode-note';
import { useDocumentActions } from '@/features/agents/hooks/use-document-actions';
import { useProcessingToasts } from '@/features/agents/hooks/use-processing-toasts';
import { DOCUMENT_ACCEPT } from '@/features/agents/lib/document-files';

/** The editor's Documentos card (tab 2): upload, list with status, delete. */
export function DocumentsCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('agents');
  const input = useRef<HTMLInputElement>(null);
  const documents = useDocumentsQuery(agentId);
  const watch = useProcessingToasts(agentId, documents.data);
  const actions = useDocumentActions(agentId, watch);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('documents.title')}</CardTitle>
          <CardDescription>{t('documents.description')}</CardDescription>
        </div>
        <Button
          type="button"
          variant="brand"
          disabled={actions.uploading}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" />
          {actions.uploading ? t('documents.uploading') : t('documents.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={DOCUMENT_ACCEPT}
          aria-label={t('documents.fileInput')}
          data-testid="document-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still fires a change.
            event.target.value = '';
            if (file) actions.uploadFile(file);
          }}
        />
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-xs text-muted-foreground">{t('documents.hint')}</p>
        <IndexModeNote documents={documents.data} />
        <DocumentList
          query={documents}
          busy={actions.busy}
          onDelete={actions.deleteDoc}
          onReprocess={actions.reprocessDoc}
        />
      </CardContent>
    </Card>
  );
}
