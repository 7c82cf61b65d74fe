import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  useSendSimMessageMutation,
  useSimMessagesQuery,
} from '@/features/simulator/api/sim-messages';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/utils';
import { useOwnerTimeZone } from '@/lib/owner-time-zone';

interface SimChatProps {
  instanceName: string;
  number: string;
  name: string;
}

/** The conversation seen from the customer's phone: theirs on the right, the agent's on the left. */
export function SimChat({ instanceName, number, name }: SimChatProps) {
  const { t, i18n } = useTranslation('simulator');
  const timeZone = useOwnerTimeZone();
  const messages = useSimMessagesQuery(instanceName, number, true);
  const send = useSendSimMessageMutation();
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  const submit = () => {
    const message = text.trim();
    if (!message || send.isPending) return;
    send.mutate(
      {
        instanceName,
        from: number,
        text: message,
        ...(name.trim() ? { pushName: name.trim() } : {}),
      },
      {
        onSuccess: () => setText(''),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toasts.sendFailed'),
            description: error.message,
          }),
      },
    );
  };

  const time = (seconds: number) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeStyle: 'short',
      timeZone,
    }).format(new Date(seconds * 1000));

  return (
    <div className="grid gap-3">
      <div
        className="grid max-h-[28rem] min-h-48 gap-2 overflow-y-auto rounded-lg bg-[#efeae2] p-3"
        data-testid="sim-chat"
        aria-live="polite"
      >
        {messages.isError ? (
          <p className="text-sm text-destructive">{messages.error.message}</p>
        ) : count === 0 ? (
          <p className="self-center text-center text-sm text-muted-foreground">{t('chat.empty')}</p>
        ) : (
          messages.data?.map((message) => (
            <div
              key={message.id}
              data-testid="sim-message"
              data-direction={message.direction}
              className={cn(
                'max-w-[80%] rounded-lg px-3 py-2 text-sm shadow-sm',
                message.direction === 'in'
                  ? 'justify-self-end bg-[#d9fdd3]'
                  : 'justify-self-start bg-white',
              )}
            >
              <p className="text-xs font-semibold text-muted-foreground">
                {message.direction === 'in' ? t('chat.you') : t('chat.business')}
              </p>
              <p className="break-words whitespace-pre-wrap">{message.text || t('chat.media')}</p>
              <p className="text-right text-[10px] text-muted-foreground">
                {time(message.messageTimestamp)}
              </p>
            </div>
          ))
        )}
        <div ref={end} />
      </div>
      <form
        noValidate
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Input
          aria-label={t('chat.messageLabel')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={4000}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={!text.trim() || send.isPending}>
          <Send aria-hidden="true" />
          {t('chat.send')}
        </Button>
      </form>
    </div>
  );
}
