import {
  CONTACT_NAME_MAX,
  CONTACT_NOTES_MAX,
  CONTACT_STAGES,
  contactPatchSchema,
  type ContactDetail,
} from '@common/schemas/contacts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { usePatchContactMutation } from '@/features/contacts/api/update-contact';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { translateMessage } from '@/lib/i18n';

/** Tags as the owner types them: separated by commas, blanks and repeats dropped. */
function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** The owner's changes to the contact: name, stage, tags and notes, checked by the shared schema. */
export function ContactForm({ contact }: { contact: ContactDetail }) {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState(contact.name ?? '');
  const [stage, setStage] = useState(contact.stage);
  const [tags, setTags] = useState(contact.tags.join(', '));
  const [notes, setNotes] = useState(contact.notes);
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePatchContactMutation(contact.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactPatchSchema.safeParse({ name, stage, tags: splitTags(tags), notes });
    if (!parsed.success) {
      setProblem(translateMessage(parsed.error.issues[0]?.message) ?? t('panel.saveFailed'));
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync(parsed.data);
    } catch (error) {
      setProblem(errorMessage(error, t('panel.saveFailed')));
      return;
    }
    toast({ title: t('panel.saved') });
  };

  return (
    <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-1">
        <Label htmlFor="contact-name">{t('panel.name')}</Label>
        <Input
          id="contact-name"
          maxLength={CONTACT_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="contact-stage">{t('panel.stage')}</Label>
        <NativeSelect
          id="contact-stage"
          value={stage}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const next = CONTACT_STAGES.find((s) => s === value);
            if (next) setStage(next);
          }}
        >
          {CONTACT_STAGES.map((option) => (
            <option key={option} value={option}>
              {t(`stages.${option}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="contact-tags">{t('panel.tags')}</Label>
        <Input
          id="contact-tags"
          aria-describedby="contact-tags-hint"
          value={tags}
          onChange={(event) => setTags(event.currentTarget.value)}
        />
        <p id="contact-tags-hint" className="text-xs text-muted-foreground">
          {t('panel.tagsHint')}
        </p>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="contact-notes">{t('panel.notes')}</Label>
        <Textarea
          id="contact-notes"
          rows={3}
          maxLength={CONTACT_NOTES_MAX}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
      </div>
      {problem ? <ErrorAlert message={problem} /> : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('panel.saving') : t('panel.save')}
      </Button>
    </form>
  );
}
