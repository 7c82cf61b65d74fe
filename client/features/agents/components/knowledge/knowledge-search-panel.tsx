import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useKnowledgeSearchQuery } from '@/features/agents/api/search-knowledge';
import { KnowledgeSearchResults } from '@/features/agents/components/knowledge/knowledge-search-results';
import { errorMessage } from '@/lib/form-errors';

/**
 * 'Testar busca': the passages the agent would read for a question. It sits inside the editor's
 * form, so it is not a form itself: Enter searches here instead of saving the agent.
 */
export function KnowledgeSearchPanel({ agentId }: { agentId: number }) {
  const { t } = useTranslation('agents');
  const [text, setText] = useState('');
  const [question, setQuestion] = useState('');
  const search = useKnowledgeSearchQuery(agentId, question);

  function run() {
    const q = text.trim();
    if (!q) return;
    // The same question again reads afresh: documents or the saved text may have changed.
    if (q === question) void search.refetch();
    else setQuestion(q);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('knowledgeSearch.title')}</CardTitle>
        <CardDescription>{t('knowledgeSearch.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="knowledge-search">{t('knowledgeSearch.query')}</Label>
          <div className="flex gap-2">
            <Input
              id="knowledge-search"
              type="search"
              value={text}
              maxLength={500}
              placeholder={t('knowledgeSearch.placeholder')}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                run();
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={search.isFetching || text.trim() === ''}
              onClick={run}
            >
              <Search aria-hidden="true" />
              {search.isFetching ? t('knowledgeSearch.searching') : t('knowledgeSearch.submit')}
            </Button>
          </div>
        </div>
        {search.isError ? (
          <ErrorAlert
            title={t('knowledgeSearch.error')}
            message={errorMessage(search.error, t('toasts.networkError'))}
          />
        ) : null}
        {search.data ? <KnowledgeSearchResults result={search.data} /> : null}
      </CardContent>
    </Card>
  );
}
