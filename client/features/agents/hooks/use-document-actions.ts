import { useTranslation } from 'react-i18next';
import { useDeleteDocumentMutation } from '@/features/agents/api/delete-document';
import type { AgentDocument } from '@/features/agents/api/get-documents';
import { useReprocessDocumentMutation } from '@/features/agents/api/reprocess-document';
import { useUploadDocumentMutation } from '@/features/agents/api/upload-document';
import { useFileProblemText } from '@/features/agents/hooks/use-file-problem-text';
import { checkDocumentFile, documentName } from '@/features/agents/lib/document-files';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

/** Upload, delete (after a confirm) and reprocess in the editor's Documentos card, with toasts. */
export function useDocumentActions(agentId: number, watch: (documentId: number) => void) {
  const { t } = useTranslation('agents');
  const problemText = useFileProblemText();
  const upload = useUploadDocumentMutation();
  const remove = useDeleteDocumentMutation();
  const reprocess = useReprocessDocumentMutation();

  const failed = (title: string, description: string) =>
    toast({ variant: 'destructive', title, description });

  function uploadFile(file: File) {
    const problem = checkDocumentFile(file);
    if (problem) {
      failed(t('toasts.documentUploadFailed'), problemText(file, problem));
      return;
    }
    upload.mutate(
      { agentId, file },
      {
        onSuccess: (doc) => watch(doc.id),
        onError: (error) =>
          failed(t('toasts.documentUploadFailed'), errorMessage(error, t('toasts.networkError'))),
      },
    );
  }

  function deleteDoc(doc: AgentDocument) {
    const name = documentName(doc);
    if (!window.confirm(t('documents.confirmDelete', { name }))) return;
    remove.mutate(
      { agentId, documentId: doc.id },
      {
        onSuccess: () =>
          toast({
            title: t('toasts.documentDeletedTitle'),
            description: t('toasts.documentDeletedDescription', { name }),
          }),
        onError: (error) =>
          failed(t('toasts.documentDeleteFailed'), errorMessage(error, t('toasts.networkError'))),
      },
    );
  }

  function reprocessDoc(doc: AgentDocument) {
    reprocess.mutate(
      { agentId, documentId: doc.id },
      {
        onSuccess: (updated) => watch(updated.id),
        onError: (error) =>
          failed(
            t('toasts.documentReprocessFailed'),
            errorMessage(error, t('toasts.networkError')),
          ),
      },
    );
  }

  return {
    uploadFile,
    deleteDoc,
    reprocessDoc,
    uploading: upload.isPending,
    busy: remove.isPending || reprocess.isPending,
  };
}
