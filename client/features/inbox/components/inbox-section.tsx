import { MessagesSquare } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxFilters } from '@/features/inbox/api/inbox-keys';
import { InboxConversation } from '@/features/inbox/components/inbox-conversation';
import { InboxFiltersBar } from '@/features/inbox/components/inbox-filters';
import { InboxList } from '@/features/inbox/components/inbox-list';
import { useOwnerEventsStatus } from '@/lib/owner-events';
import { cn } from '@/lib/utils';

interface InboxSectionProps {
  /** the open conversation, none for the list alone (the app keeps it in the address) */
  openId: number | null;
  onOpenChange: (conversationId: number | null) => void;
}

/**
 * Conversas: every conversation of every agent, WhatsApp and website, in one list beside the open
 * one. On a phone the list and the conversation take the screen in turn.
 */
export function InboxSection({ openId, onOpenChange }: InboxSectionProps) {
  const { t } = useTranslation('inbox');
  const [filters, setFiltersState] = useState<InboxFilters>({});
  const setFilters = useCallback((next: InboxFilters) => setFiltersState(next), []);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <div className={cn('grid content-start gap-3', openId !== null && 'hidden lg:grid')}>
        <LiveStatus />
        <InboxFiltersBar filters={filters} onChange={setFilters} />
        <InboxList
          filters={filters}
          selectedId={openId}
          onOpen={(id: number) => onOpenChange(id)}
          onClearFilters={() => setFilters({})}
        />
      </div>
      <div className={cn('min-w-0', openId === null && 'hidden lg:block')}>
        {openId === null ? (
          <div className="grid h-full min-h-64 place-items-center rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            <span className="grid justify-items-center gap-2">
              <MessagesSquare aria-hidden="true" className="size-8" />
              {t('view.select')}
            </span>
          </div>
        ) : (
          <InboxConversation key={openId} id={openId} onBack={() => onOpenChange(null)} />
        )}
      </div>
    </div>
  );
}

/** Whether the list follows new messages by itself (the owner's live stream is open). */
function LiveStatus() {
  const { t } = useTranslation('inbox');
  const status = useOwnerEventsStatus();
  if (status === 'connecting') return null;
  const live = status === 'live';
  return (
    <p
      className="flex items-center gap-2 text-xs text-muted-foreground"
      data-testid="inbox-live"
      data-state={status}
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', live ? 'bg-green-600' : 'bg-amber-500')}
      />
      {live ? t('list.live') : t('list.offline')}
    </p>
  );
}
