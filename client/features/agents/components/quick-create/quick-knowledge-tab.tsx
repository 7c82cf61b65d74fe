import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import { DocumentDropZone } from '@/features/agents/components/quick-create/document-drop-zone';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

interface QuickKnowledgeTabProps {
  files: File[];
  onFilesChange: (files: File[]) => void;
}

/**
 * Tab Base de Conhecimento: the knowledge text and the documents to send. An agent must exist
 * before its documents do, so the files are kept here and uploaded right after the creation.
 */
export function QuickKnowledgeTab({ files, onFilesChange }: QuickKnowledgeTabProps) {
  const { t } = useTranslation('agents');
  const { register, formState } = useFormContext<QuickCreateInput>();
  const error = formState.errors.knowledgeBase?.message;
  return (
    <div className="grid gap-4">
      <LabelledField
        htmlFor="quick-knowledge-text"
        label={t('fields.knowledgeBase')}
        hint={t('quick.knowledgeIntro')}
        error={error}
      >
        <Textarea
          {...fieldA11y('quick-knowledge-text', error)}
          rows={8}
          placeholder={t('fields.knowledgeBasePlaceholder')}
          {...register('knowledgeBase')}
        />
      </LabelledField>
      <DocumentDropZone files={files} onChange={onFilesChange} />
    </div>
  );
}
