import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { KnowledgeHit, KnowledgeSearch } from '@/features/agents/api/search-knowledge';

function useSourceLabel() {
  const { t } = useTranslation('agents');
  return (hit: KnowledgeHit) => {
    const parts = [hit.source];
    if (hit.page) parts.push(t('knowledgeSearch.page', { page: hit.page }));
    if (hit.sheet) parts.push(t('knowledgeSearch.sheet', { sheet: hit.sheet }));
    return parts.join(' · ');
  };
}

/** The search mode and each passage with its score and source (file, page or sheet). */
export function KnowledgeSearchResults({ result }: { result: KnowledgeSearch }) {
  const { t, i18n } = useTranslation('agents');
  const sourceLabel = useSourceLabel();
  const score = new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
  return (
    <section aria-labelledby="knowledge-results" className="grid gap-3" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="knowledge-results" className="text-sm font-semibold">
          {t('knowledgeSearch.results')}
        </h4>
        <Badge variant="outline" data-testid="search-mode">
          {result.mode === 'hybrid'
            ? t('knowledgeSearch.modeHybrid')
            : t('knowledgeSearch.modeLexical')}
        </Badge>
      </div>
      {result.results.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('knowledgeSearch.none')}</p>
      ) : (
        <ol className="grid gap-3">
          {result.results.map((hit, index) => (
            <li
              key={`${hit.documentId ?? 'kb'}-${hit.chunkIndex ?? ''}-${index}`}
              data-testid="search-hit"
              className="grid gap-1 rounded-lg border bg-muted/40 p-3 text-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold break-words">{sourceLabel(hit)}</p>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {t('knowledgeSearch.score', { score: score.format(hit.score) })}
                </span>
              </div>
              <blockquote className="line-clamp-6 border-l-2 border-brand-lime pl-2 whitespace-pre-line text-muted-foreground">
                {hit.content}
              </blockquote>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
