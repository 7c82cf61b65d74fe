import { CONTACT_SEARCH_MAX, CONTACT_STAGES, type ContactStage } from '@common/schemas/contacts';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { ContactFilters } from '@/features/contacts/api/contacts-keys';

/** The search is sent once the owner pauses typing. */
const SEARCH_DELAY_MS = 300;

interface ContactsFiltersProps {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
}

/** Search by name or phone, and the stage; either goes back to the first page. */
export function ContactsFilters({ filters, onChange }: ContactsFiltersProps) {
  const { t } = useTranslation('contacts');
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
    const timer = setTimeout(() => onChange({ ...filters, q, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="relative w-72 max-w-full">
        <Label htmlFor="contacts-search" className="sr-only">
          {t('searchLabel')}
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
        />
        <Input
          id="contacts-search"
          type="search"
          className="pl-9"
          maxLength={CONTACT_SEARCH_MAX}
          placeholder={t('searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="contacts-stage">{t('stageFilter')}</Label>
        <NativeSelect
          id="contacts-stage"
          value={filters.stage ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const stage = CONTACT_STAGES.find((s): s is ContactStage => s === value);
            onChange({ ...filters, stage, page: 1 });
          }}
        >
          <option value="">{t('allStages')}</option>
          {CONTACT_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(`stages.${stage}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
