import type { ContactDetail } from '@common/schemas/contacts';
import { ArrowLeft, Download, MessagesSquare, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { contactExportUrl } from '@/features/contacts/api/contacts-keys';
import { useContactQuery } from '@/features/contacts/api/get-contact';
import { contactLabel } from '@/features/contacts/components/contact-display';
import { ContactAppointments } from '@/features/contacts/components/contact-appointments';
import { ContactForm } from '@/features/contacts/components/contact-form';
import { EraseContactDialog } from '@/features/contacts/components/erase-contact-dialog';
import { formatClock, formatPhone } from '@/lib/display-format';
import { errorMessage } from '@/lib/form-errors';

interface ContactPanelProps {
  id: number;
  onClose: () => void;
  onOpenConversation: (conversationId: number) => void;
  onErased: () => void;
}

/**
 * One contact: who they are, the owner's edits, their conversations and appointments, and the LGPD
 * actions.
 */
export function ContactPanel({ id, onClose, onOpenConversation, onErased }: ContactPanelProps) {
  const { t } = useTranslation('contacts');
  const query = useContactQuery(id);
  return (
    <Card data-testid="contact-panel">
      <CardHeader className="flex flex-row items-center gap-2 space-y-0">
        <Button variant="ghost" size="icon" className="xl:hidden" onClick={onClose}>
          <ArrowLeft aria-hidden="true" />
          <span className="sr-only">{t('panel.close')}</span>
        </Button>
        <CardTitle className="flex-1 text-base">
          {query.data ? contactLabel(query.data, t) : t('panel.title')}
        </CardTitle>
        <Button variant="ghost" size="icon" className="hidden xl:inline-flex" onClick={onClose}>
          <X aria-hidden="true" />
          <span className="sr-only">{t('panel.close')}</span>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5 text-sm">
        {query.isPending ? <Skeleton className="h-64 w-full" /> : null}
        {query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('panel.loadError'))} />
        ) : null}
        {query.data ? (
          <ContactDetails
            contact={query.data}
            onOpenConversation={onOpenConversation}
            onErased={onErased}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ContactDetails({
  contact,
  onOpenConversation,
  onErased,
}: {
  contact: ContactDetail;
  onOpenConversation: (conversationId: number) => void;
  onErased: () => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  const [erasing, setErasing] = useState(false);
  const label = contactLabel(contact, t);
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('panel.phone')}</dt>
        <dd>{contact.phone ? formatPhone(contact.phone) : t('panel.noPhone')}</dd>
        <dt className="text-muted-foreground">{t('panel.interest')}</dt>
        <dd data-testid="contact-interest">{contact.interest ?? t('panel.noInterest')}</dd>
        <dt className="text-muted-foreground">{t('panel.channels')}</dt>
        <dd>{contact.channels.map((channel) => t(`channels.${channel}`)).join(', ')}</dd>
        <dt className="text-muted-foreground">{t('panel.firstContact')}</dt>
        <dd>{formatClock(contact.firstContactAt, i18n.language)}</dd>
        <dt className="text-muted-foreground">{t('panel.lastContact')}</dt>
        <dd>{formatClock(contact.lastContactAt, i18n.language)}</dd>
      </dl>
      <ContactForm key={contact.id} contact={contact} />
      <section className="grid gap-2" aria-labelledby="contact-conversations">
        <h3 id="contact-conversations" className="font-medium">
          {t('panel.conversations')}
        </h3>
        {contact.conversations.length === 0 ? (
          <p className="text-muted-foreground">{t('panel.noConversations')}</p>
        ) : (
          <ul className="grid gap-2">
            {contact.conversations.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-md border p-2 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => onOpenConversation(conversation.id)}
                >
                  <MessagesSquare aria-hidden="true" className="size-4 shrink-0" />
                  <span className="grid">
                    <span className="font-medium">
                      {t('panel.conversation', {
                        agent: conversation.agentName,
                        channel: t(`channels.${conversation.channel}`),
                      })}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t('panel.conversationMeta', {
                        count: conversation.messageCount,
                        when: formatClock(conversation.lastActivityAt, i18n.language),
                      })}
                    </span>
                  </span>
                  <span className="sr-only">{t('panel.openConversation')}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ContactAppointments appointments={contact.appointments} />
      <section className="grid gap-2 border-t pt-4" aria-labelledby="contact-privacy">
        <h3 id="contact-privacy" className="font-medium">
          {t('panel.privacy')}
        </h3>
        <p className="text-muted-foreground">{t('panel.privacyHint')}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={contactExportUrl(contact.id)} download data-testid="contact-export">
              <Download aria-hidden="true" />
              {t('panel.exportData')}
            </a>
          </Button>
          <Button variant="destructive" size="sm" onClick={() => setErasing(true)}>
            <Trash2 aria-hidden="true" />
            {t('panel.erase')}
          </Button>
        </div>
      </section>
      <EraseContactDialog
        contact={contact}
        label={label}
        open={erasing}
        onOpenChange={setErasing}
        onErased={onErased}
      />
    </>
  );
}
