import { INBOX_STATUSES, type InboxChannel, type InboxStatus } from '@common/schemas/inbox';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionsSelect } from '@/components/options-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAgentsQuery } from '@/lib/agents/get-agents';
import type { InboxFilters } from '@/features/inbox/api/inbox-keys';

const ALL = 'all';
/** The search is sent once the owner pauses typing. */
const SEARCH_DELAY_MS = 300;

interface InboxFiltersBarProps {
  filters: InboxFilters;
  onChange: (filters: InboxFilters) => void;
}

/** Search, channel, agent and the status chips of the list. */
export function InboxFiltersBar({ filters, onChange }: InboxFiltersBarProps) {
  const { t } = useTranslation('inbox');
  const agents = useAgentsQuery();
  const [search, setSearch] = useState(filters.q ?? '');
  // Filters cleared from outside ('Limpar filtros') clear the box too.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    setSearch(filters.q ?? '');
  }
  useEffect(() => {
    const q = search.trim() || undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const status = filters.status ?? ALL;
  return (
    <div className="grid gap-3">
      <div className="relative">
        <Label htmlFor="inbox-search" className="sr-only">
          {t('list.searchLabel')}
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
        />
        <Input
          id="inbox-search"
          type="search"
          className="pl-9"
          maxLength={200}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <OptionsSelect
          id="inbox-channel"
          aria-label={t('list.channel')}
          value={filters.channel ?? ALL}
          onValueChange={(value) =>
            onChange({ ...filters, channel: value === ALL ? undefined : (value as InboxChannel) })
          }
          options={[
            { value: ALL, label: t('list.allChannels') },
            { value: 'whatsapp', label: t('list.channels.whatsapp') },
            { value: 'webchat', label: t('list.channels.webchat') },
          ]}
        />
        <OptionsSelect
          id="inbox-agent"
          aria-label={t('list.agent')}
          value={filters.agentId === undefined ? ALL : String(filters.agentId)}
          onValueChange={(value) =>
            onChange({ ...filters, agentId: value === ALL ? undefined : Number(value) })
          }
          options={[
            { value: ALL, label: t('list.allAgents') },
            ...(agents.data ?? []).map((agent) => ({ value: String(agent.id), label: agent.name })),
          ]}
        />
      </div>
      <div role="group" aria-label={t('list.statusFilters')} className="flex flex-wrap gap-2">
        {[ALL, ...INBOX_STATUSES].map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            data-status-filter={value}
            onClick={() =>
              onChange({ ...filters, status: value === ALL ? undefined : (value as InboxStatus) })
            }
          >
            {t(`list.statuses.${value as InboxStatus | typeof ALL}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
