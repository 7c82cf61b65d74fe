import { Info } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import type { EditorValues } from '@/features/agents/lib/editor-form';

/** Tab 'Base de Conhecimento': the free-text knowledge (documents come with their own issue). */
export function EditorKnowledgeTab() {
  const { t } = useTranslation('agents');
  const { register, formState } = useFormContext<EditorValues>();
  const error = formState.errors.knowledgeBase?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('editor.knowledgeCard')}</CardTitle>
        <CardDescription>{t('editor.knowledgeCardDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LabelledField
          htmlFor="editor-knowledgeBase"
          label={t('fields.knowledgeBase')}
          error={error}
        >
          <Textarea
            {...fieldA11y('editor-knowledgeBase', error)}
            rows={14}
            placeholder={t('fields.knowledgeBasePlaceholder')}
            {...register('knowledgeBase')}
          />
        </LabelledField>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {t('editor.documentsSoon')}
        </p>
      </CardContent>
    </Card>
  );
}
