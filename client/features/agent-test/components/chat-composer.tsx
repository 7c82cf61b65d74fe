import { MESSAGE_MAX_LENGTH } from '@common/schemas/test-chat';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface ChatComposerProps {
  /** returns false when the message was not sent (blank, or another turn is running) */
  onSend: (message: string) => boolean;
  busy: boolean;
}

/** The message box: Enter sends; blank text or a running turn keeps the button disabled. */
export function ChatComposer({ onSend, busy }: ChatComposerProps) {
  const { t } = useTranslation('console');
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (onSend(text)) setText('');
  }

  return (
    <form onSubmit={submit} className="flex gap-2 border-t p-4">
      <Input
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('testing.chat.placeholder')}
        aria-label={t('testing.chat.messageLabel')}
        maxLength={MESSAGE_MAX_LENGTH}
        autoComplete="off"
      />
      <Button type="submit" disabled={blank || busy} aria-busy={busy || undefined}>
        <Send aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">
          {busy ? t('testing.chat.sending') : t('testing.chat.send')}
        </span>
      </Button>
    </form>
  );
}
