import {
  INBOX_NOTES_MAX,
  INBOX_TAG_MAX,
  INBOX_TAGS_MAX,
  type InboxConversationDetail,
} from '@common/schemas/inbox';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { usePatchInboxConversation } from '@/features/inbox/api/update-inbox-conversation';
import { formatPhone, formatWhen } from '@/features/inbox/lib/display';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

type Conversation = InboxConversationDetail['conversation'];

/** Who the contact is, when they first wrote, and the owner's own notes and tags about them. */
export function ContactCard({ conversation }: { conversation: Conversation }) {
  const { t, i18n } = useTranslation('inbox');
  const { contact } = conversation;
  return (
    <Card data-testid="inbox-contact-card">
      <CardHeader>
        <CardTitle className="text-base">{t('contact.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {contact.name ? (
            <>
              <dt className="text-muted-foreground">{t('contact.name')}</dt>
              <dd>{contact.name}</dd>
            </>
          ) : null}
          {contact.phone ? (
            <>
              <dt className="text-muted-foreground">{t('contact.phone')}</dt>
              <dd>{formatPhone(contact.phone)}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t('contact.channel')}</dt>
          <dd>{t(`list.channels.${conversation.channel}`)}</dd>
          <dt className="text-muted-foreground">{t('contact.firstSeen')}</dt>
          <dd>{formatWhen(conversation.firstSeenAt, i18n.language)}</dd>
        </dl>
        <NotesForm key={`notes-${conversation.id}`} conversation={conversation} />
        <TagsEditor key={`tags-${conversation.id}`} conversation={conversation} />
      </CardContent>
    </Card>
  );
}

function useSaved(conversationId: number) {
  const { t } = useTranslation('inbox');
  const patch = usePatchInboxConversation(conversationId);
  const save = (input: Parameters<typeof patch.mutate>[0], done: string) =>
    patch.mutate(input, {
      onSuccess: () => toast({ title: done }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('contact.saveFailed'),
          description: errorMessage(error, t('contact.saveFailed')),
        }),
    });
  return { save, pending: patch.isPending };
}

function NotesForm({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('inbox');
  const [notes, setNotes] = useState(conversation.notes);
  const { save, pending } = useSaved(conversation.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save({ notes }, t('contact.notesSaved'));
  };
  return (
    <form className="grid gap-2" onSubmit={submit}>
      <Label htmlFor="inbox-notes">{t('contact.notes')}</Label>
      <Textarea
        id="inbox-notes"
        rows={3}
        maxLength={INBOX_NOTES_MAX}
        aria-describedby="inbox-notes-hint"
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <p id="inbox-notes-hint" className="text-xs text-muted-foreground">
        {t('contact.notesHint')}
      </p>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={pending || notes === conversation.notes}
      >
        {t('contact.saveNotes')}
      </Button>
    </form>
  );
}

function TagsEditor({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('inbox');
  const [draft, setDraft] = useState('');
  const { save, pending } = useSaved(conversation.id);
  const tags = conversation.tags;
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag || tags.includes(tag)) return setDraft('');
    save({ tags: [...tags, tag] }, t('contact.tagsSaved'));
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      <span className="font-medium" id="inbox-tags-label">
        {t('contact.tags')}
      </span>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-labelledby="inbox-tags-label">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs"
              data-testid="inbox-tag"
            >
              {tag}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-muted"
                aria-label={t('contact.removeTag', { tag })}
                disabled={pending}
                onClick={() =>
                  save({ tags: tags.filter((other) => other !== tag) }, t('contact.tagsSaved'))
                }
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="flex gap-2" onSubmit={add}>
        <Label htmlFor="inbox-new-tag" className="sr-only">
          {t('contact.addTag')}
        </Label>
        <Input
          id="inbox-new-tag"
          placeholder={t('contact.addTag')}
          maxLength={INBOX_TAG_MAX}
          value={draft}
          disabled={tags.length >= INBOX_TAGS_MAX}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <Button type="submit" size="sm" variant="outline" disabled={pending || !draft.trim()}>
          {t('contact.addTagButton')}
        </Button>
      </form>
    </div>
  );
}
