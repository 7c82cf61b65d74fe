import type { CitationDto } from '@common/schemas/test-chat';
import { BookOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The knowledge passages a reply was built from, under the reply. */
export function CitationList({ citations }: { citations: CitationDto[] }) {
  const { t } = useTranslation('console');
  return (
    <details className="w-full rounded-lg border bg-muted/40 text-xs" open>
      <summary className="flex cursor-pointer items-center gap-1.5 px-3 py-2 font-medium text-brand-navy">
        <BookOpen aria-hidden="true" className="size-3.5" />
        {t('testing.chat.citations')}
      </summary>
      <ol className="grid gap-2 px-3 pb-3" data-testid="citations">
        {citations.map((citation, index) => (
          <li key={index} className="grid gap-0.5">
            <p className="font-semibold">
              {citation.source}
              {citation.page ? ` · ${t('testing.chat.page', { page: citation.page })}` : null}
            </p>
            <blockquote className="line-clamp-4 border-l-2 border-brand-lime pl-2 text-muted-foreground">
              {citation.excerpt}
            </blockquote>
          </li>
        ))}
      </ol>
    </details>
  );
}
