import { useTranslation } from 'react-i18next';
import type { AgentDocument } from '@/features/agents/api/get-documents';

/**
 * Says how the newest ready document was indexed: hybrid (words and embeddings) or text only,
 * which is what happens without an embedding model (offline provider, no pgvector).
 */
export function IndexModeNote({ documents }: { documents: AgentDocument[] | undefined }) {
  const { t } = useTranslation('agents');
  const mode = documents?.find((doc) => doc.processingStatus === 'ready')?.indexMode;
  if (!mode) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="index-mode">
      {mode === 'hybrid' ? t('documents.indexHybrid') : t('documents.indexLexical')}
    </p>
  );
}
