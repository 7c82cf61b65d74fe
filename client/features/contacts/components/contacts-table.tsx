import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ContactFilters } from '@/features/contacts/api/contacts-keys';
import { useContactsQuery } from '@/features/contacts/api/get-contacts';
import { contactLabel } from '@/features/contacts/components/contact-display';
import { formatClock, formatPhone } from '@/lib/display-format';
import { errorMessage } from '@/lib/form-errors';
import { cn } from '@/lib/utils';

interface ContactsTableProps {
  filters: ContactFilters;
  selectedId: number | null;
  onOpen: (id: number) => void;
  onPage: (page: number) => void;
  onClearFilters: () => void;
}

/** One page of contacts: name, phone, channels, stage, tags, last contact; a row opens its panel. */
export function ContactsTable({
  filters,
  selectedId,
  onOpen,
  onPage,
  onClearFilters,
}: ContactsTableProps) {
  const { t, i18n } = useTranslation('contacts');
  const query = useContactsQuery(filters);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) {
    return (
      <ErrorAlert message={errorMessage(query.error, t('loadError'))}>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </ErrorAlert>
    );
  }
  const { items, total, page, pageSize } = query.data;
  const filtered = Boolean(filters.q || filters.stage);
  if (total === 0 && !filtered) {
    return (
      <EmptyState icon={<Users className="size-6" />} title={t('emptyTitle')}>
        {t('empty')}
      </EmptyState>
    );
  }
  if (items.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-sm">
        <p>{t('noMatch')}</p>
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          {t('clearFilters')}
        </Button>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="grid gap-3">
      <div className="relative overflow-x-auto rounded-lg border bg-card">
        <table className="w-full border-collapse text-left text-sm" data-testid="contacts-table">
          <caption className="sr-only">{t('table.caption')}</caption>
          <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.name')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.phone')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.channels')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.stage')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.tags')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('table.lastContact')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((contact) => {
              const label = contactLabel(contact, t);
              return (
                <tr
                  key={contact.id}
                  data-testid="contact-row"
                  className={cn('border-b last:border-0', contact.id === selectedId && 'bg-muted')}
                >
                  <th scope="row" className="px-3 py-2 font-medium">
                    <button
                      type="button"
                      className="text-left text-brand-navy underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      aria-label={t('table.open', { name: label })}
                      aria-current={contact.id === selectedId ? 'true' : undefined}
                      onClick={() => onOpen(contact.id)}
                    >
                      {label}
                    </button>
                    {contact.interest ? (
                      <span className="block text-xs font-normal text-muted-foreground">
                        {contact.interest}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {contact.phone ? formatPhone(contact.phone) : null}
                  </td>
                  <td className="px-3 py-2">
                    {contact.channels.map((channel) => t(`channels.${channel}`)).join(', ')}
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={contact.stage === 'novo' ? 'outline' : 'secondary'}>
                      {t(`stages.${contact.stage}`)}
                    </Badge>
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      {contact.tags.map((tag) => (
                        <Badge key={tag} variant="outline">
                          {tag}
                        </Badge>
                      ))}
                    </span>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatClock(contact.lastContactAt, i18n.language)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <span>{t('total', { count: total })}</span>
        {pages > 1 ? (
          <span className="ml-auto flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              {t('previous')}
            </Button>
            <span>{t('pageOf', { page, pages })}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => onPage(page + 1)}
            >
              {t('next')}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  );
}
