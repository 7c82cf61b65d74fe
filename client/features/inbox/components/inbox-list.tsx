import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useInboxQuery } from '@/features/inbox/api/get-inbox';
import type { InboxFilters } from '@/features/inbox/api/inbox-keys';
import { InboxRow } from '@/features/inbox/components/inbox-row';

interface InboxListProps {
  filters: InboxFilters;
  selectedId: number | null;
  onOpen: (id: number) => void;
  onClearFilters: () => void;
}

/** The conversations matching the filters, newest activity first, a page at a time. */
export function InboxList({ filters, selectedId, onOpen, onClearFilters }: InboxListProps) {
  const { t } = useTranslation('inbox');
  const list = useInboxQuery(filters);
  if (list.isPending) return <Skeleton className="h-64 w-full" />;
  if (list.isError) return <p className="text-sm text-destructive">{t('list.loadError')}</p>;
  const items = list.data.pages.flatMap((page) => page.items);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  if (items.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
        <MessagesSquare aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground" data-testid="inbox-empty">
          {filtered ? t('list.emptyFiltered') : t('list.empty')}
        </p>
        {filtered ? (
          <Button type="button" variant="outline" size="sm" onClick={onClearFilters}>
            {t('list.clearFilters')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="divide-y rounded-lg border bg-card" aria-label={t('list.title')}>
        {items.map((conversation) => (
          <InboxRow
            key={conversation.id}
            conversation={conversation}
            selected={conversation.id === selectedId}
            onOpen={() => onOpen(conversation.id)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('list.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
