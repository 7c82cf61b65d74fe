import { FileUp } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

/**
 * Tab Base de Conhecimento: the knowledge text, and where documents go. The upload endpoints come
 * with the knowledge-base issue, so the area says so instead of taking files it cannot send.
 */
export function QuickKnowledgeTab() {
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
      <div
        data-testid="upload-area"
        className="flex flex-col items-center gap-2 rounded-lg border-2 border-dashed bg-muted/40 px-4 py-6 text-center"
      >
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('quick.upload.title')}</p>
        <p className="text-xs text-muted-foreground">{t('quick.upload.hint')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('quick.upload.unavailable')}</p>
      </div>
    </div>
  );
}
