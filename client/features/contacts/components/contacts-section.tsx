import { Contact as ContactIcon, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CONTACTS_CSV_URL, type ContactFilters } from '@/features/contacts/api/contacts-keys';
import { ContactPanel } from '@/features/contacts/components/contact-panel';
import { ContactsFilters } from '@/features/contacts/components/contacts-filters';
import { ContactsTable } from '@/features/contacts/components/contacts-table';
import { cn } from '@/lib/utils';

interface ContactsSectionProps {
  /** opens one of the contact's conversations in Conversas */
  onOpenConversation: (conversationId: number) => void;
  /** a contact was erased: their conversations are gone from other screens too */
  onErased: () => void;
}

/**
 * Contatos: every person who wrote to the owner's agents, on any channel, in one table beside the
 * open one's details. On a phone the table and the details take the screen in turn.
 */
export function ContactsSection({ onOpenConversation, onErased }: ContactsSectionProps) {
  const { t } = useTranslation('contacts');
  const [filters, setFilters] = useState<ContactFilters>({});
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <div className={cn('grid min-w-0 content-start gap-3', openId !== null && 'hidden xl:grid')}>
        <div className="flex flex-wrap items-end gap-3">
          <ContactsFilters filters={filters} onChange={setFilters} />
          <Button asChild variant="outline" className="ml-auto">
            <a href={CONTACTS_CSV_URL} download data-testid="contacts-export-csv">
              <Download aria-hidden="true" />
              {t('exportCsv')}
            </a>
          </Button>
        </div>
        <ContactsTable
          filters={filters}
          selectedId={openId}
          onOpen={setOpenId}
          onPage={(page) => setFilters({ ...filters, page })}
          onClearFilters={() => setFilters({})}
        />
      </div>
      <div className={cn('min-w-0', openId === null && 'hidden xl:block')}>
        {openId === null ? (
          <div className="grid h-full min-h-64 place-items-center rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            <ContactIcon aria-hidden="true" className="size-8" />
          </div>
        ) : (
          <ContactPanel
            key={openId}
            id={openId}
            onClose={() => setOpenId(null)}
            onOpenConversation={onOpenConversation}
            onErased={() => {
              setOpenId(null);
              onErased();
            }}
          />
        )}
      </div>
    </div>
  );
}
