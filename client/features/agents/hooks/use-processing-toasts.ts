import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  documentsQueryKey,
  isProcessing,
  type AgentDocument,
} from '@/features/agents/api/get-documents';
import { documentName } from '@/features/agents/lib/document-files';
import { toast } from '@/hooks/use-toast';

/**
 * 'Documento enviado' / 'Arquivo processado com sucesso.' shows when a document this page saw
 * pending or processing becomes ready (not when the upload is merely accepted, which would claim a
 * processing that has not happened yet); becoming failed shows 'Erro no upload' with the reason.
 */
export function useProcessingToasts(agentId: number, documents: AgentDocument[] | undefined) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const working = useRef(new Set<number>());

  const announce = useCallback(
    (doc: AgentDocument) => {
      if (doc.processingStatus === 'ready') {
        toast({
          title: t('toasts.documentReadyTitle'),
          description: t('toasts.documentReadyDescription'),
        });
      } else {
        toast({
          variant: 'destructive',
          title: t('toasts.documentUploadFailed'),
          description: t('toasts.documentFailedDescription', {
            name: documentName(doc),
            reason: doc.failureReason ?? '',
          }),
        });
      }
    },
    [t],
  );

  useEffect(() => {
    for (const doc of documents ?? []) {
      if (isProcessing(doc)) working.current.add(doc.id);
      else if (working.current.delete(doc.id)) announce(doc);
    }
  }, [documents, announce]);

  /**
   * Registers a document the page has just sent. The list read after the upload may already show
   * it finished (a small file, a fast job), so the cached list decides at once.
   */
  return useCallback(
    (documentId: number) => {
      const cached = queryClient
        .getQueryData<AgentDocument[]>(documentsQueryKey(agentId))
        ?.find((doc) => doc.id === documentId);
      if (cached && !isProcessing(cached)) {
        // Still in the set: the effect has not seen this state yet and will announce it.
        if (!working.current.has(documentId)) announce(cached);
      } else {
        working.current.add(documentId);
      }
    },
    [agentId, announce, queryClient],
  );
}
