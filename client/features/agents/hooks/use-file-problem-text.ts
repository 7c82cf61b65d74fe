import { useTranslation } from 'react-i18next';
import { formatMb, type FileProblem } from '@/features/agents/lib/document-files';

/** The sentence that tells why a chosen file is not sent (before any request). */
export function useFileProblemText() {
  const { t, i18n } = useTranslation('agents');
  return (file: { name: string; size: number }, problem: FileProblem): string =>
    t(`documents.problems.${problem}`, {
      name: file.name,
      size: formatMb(file.size, i18n.language),
    });
}
