import { INBOX_REPLY_MAX } from '@common/schemas/inbox';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { OutgoingReply } from '@/features/inbox/api/send-inbox-message';
import { draftKey, readDraft, writeDraft } from '@/features/inbox/lib/draft';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';

/** The counter shows from here on, so the limit never comes as a surprise. */
const COUNTER_FROM = INBOX_REPLY_MAX - 500;
/** What the file picker offers; the server decides by the bytes, not by this. */
const ACCEPT =
  'image/jpeg,image/png,image/webp,application/pdf,.docx,.xlsx,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface InboxComposerProps {
  conversationId: number;
  sending: boolean;
  onSend: (reply: OutgoingReply) => Promise<unknown>;
}

/** The server's words for a refused reply: the field's message first, then the error's. */
export function replyErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors.text?.[0] ?? Object.values(error.fieldErrors)[0]?.[0];
    return field ?? (error.message || fallback);
  }
  return fallback;
}

/**
 * Under the conversation: the owner writes as a person (text, or a file with a caption). Enter
 * sends, Shift+Enter breaks the line; the draft stays in this browser per conversation until it
 * is sent. Keyed by the conversation where it is used, so each starts from its own draft.
 */
export function InboxComposer({ conversationId, sending, onSend }: InboxComposerProps) {
  const { t } = useTranslation('inbox');
  const { user } = useAuth();
  const key = draftKey(user?.id ?? 0, conversationId);
  const [text, setText] = useState(() => readDraft(key));
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { text: useId(), hint: useId(), counter: useId() };

  const change = (value: string) => {
    setText(value);
    writeDraft(key, value);
  };

  const trimmed = text.trim();
  const tooLong = text.length > INBOX_REPLY_MAX;
  const canSend = !sending && !tooLong && (trimmed.length > 0 || file !== null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    try {
      await onSend({ text: trimmed, file });
      setText('');
      setFile(null);
      writeDraft(key, '');
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('composer.sendFailed'),
        description: replyErrorText(error, t('composer.sendFailed')),
      });
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="grid gap-2 border-t pt-3"
      onSubmit={(event) => void submit(event)}
      data-testid="inbox-composer"
    >
      <label htmlFor={ids.text} className="text-sm font-medium">
        {t('composer.label')}
      </label>
      <Textarea
        id={ids.text}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('composer.placeholder')}
        aria-describedby={`${ids.hint} ${ids.counter}`}
        aria-invalid={tooLong || undefined}
        disabled={sending}
        rows={3}
        className="min-h-20 resize-y"
      />
      {file ? (
        <p className="flex items-center gap-2 text-sm" data-testid="inbox-composer-file">
          <Paperclip aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 truncate">{file.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
            aria-label={t('composer.removeFile', { name: file.name })}
            disabled={sending}
          >
            <X aria-hidden="true" />
          </Button>
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {t('composer.hint')}
        </p>
        <p
          id={ids.counter}
          className={tooLong ? 'text-xs font-medium text-destructive' : 'text-xs'}
          aria-live="polite"
        >
          {text.length >= COUNTER_FROM
            ? t(tooLong ? 'composer.tooLong' : 'composer.counter', {
                count: text.length,
                max: INBOX_REPLY_MAX,
              })
            : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          data-testid="inbox-composer-file-input"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={sending}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          {t('composer.attach')}
        </Button>
        <Button type="submit" size="sm" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
          {sending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
    </form>
  );
}
