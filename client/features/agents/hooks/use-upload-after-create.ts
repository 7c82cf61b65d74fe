import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadDocument } from '@/features/agents/api/upload-document';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface Progress {
  current: number;
  total: number;
}

/**
 * Sends the quick dialog's files to the agent just created, one after the other (a 10 MB file at a
 * time keeps the request small and the order readable), then one toast sums the outcome.
 */
export function useUploadAfterCreate() {
  const { t } = useTranslation('agents');
  const [progress, setProgress] = useState<Progress | null>(null);

  async function uploadAll(agentId: number, files: File[], active = false): Promise<void> {
    const failures: string[] = [];
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length });
      try {
        await uploadDocument({ agentId, file });
      } catch (error) {
        failures.push(`${file.name}: ${errorMessage(error, t('toasts.networkError'))}`);
      }
    }
    setProgress(null);
    if (failures.length === 0) {
      toast({
        title: t('toasts.createdTitle'),
        description: t(
          active ? 'toasts.createdWithDocumentsActive' : 'toasts.createdWithDocuments',
          {
            count: files.length,
          },
        ),
      });
      return;
    }
    toast({
      variant: 'destructive',
      title: t('toasts.documentUploadFailed'),
      description: t('toasts.createdUploadsFailed', {
        failed: failures.length,
        total: files.length,
        details: failures.join(' '),
      }),
    });
  }

  return { uploadAll, progress };
}
