import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { PlaceholderWarning } from '@/features/agents/components/editor/placeholder-warning';
import { DocumentsCard } from '@/features/agents/components/knowledge/documents-card';
import { KnowledgeSearchPanel } from '@/features/agents/components/knowledge/knowledge-search-panel';
import type { EditorValues } from '@/features/agents/lib/editor-form';

/** Tab 'Base de Conhecimento': the free-text knowledge, the Documentos card and 'Testar busca'. */
export function EditorKnowledgeTab({ agentId }: { agentId: number }) {
  const { t } = useTranslation('agents');
  const { register, formState } = useFormContext<EditorValues>();
  const error = formState.errors.knowledgeBase?.message;
  return (
    <div className="grid gap-6">
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
          <PlaceholderWarning name="knowledgeBase" id="editor-knowledgeBase-placeholders" />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <DocumentsCard agentId={agentId} />
        <KnowledgeSearchPanel agentId={agentId} />
      </div>
    </div>
  );
}
