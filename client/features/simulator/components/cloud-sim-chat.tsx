import { Check, CheckCheck, CircleAlert, Send, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  useCloudSimChatQuery,
  useSendCloudSimBusinessAppMutation,
  useSendCloudSimMessageMutation,
  type CloudSimChoice,
  type CloudSimMessage,
  type CloudSimNumber,
} from '@/features/simulator/api/cloud-sim';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { useOwnerTimeZone } from '@/lib/owner-time-zone';
import { cn } from '@/lib/utils';

interface CloudSimChatProps {
  number: CloudSimNumber;
  phone: string;
  name: string;
}

/**
 * The chat with one customer as their phone shows it: theirs on the right, the business's on the
 * left (an approved template and what the owner typed in the Business app are marked), the
 * customer's composer, and — for a number also on the app — the owner's.
 */
export function CloudSimChat({ number, phone, name }: CloudSimChatProps) {
  const { t } = useTranslation('simulator');
  const target = { phoneNumberId: number.phoneNumberId, phone };
  const messages = useCloudSimChatQuery(number.phoneNumberId, phone);
  const send = useSendCloudSimMessageMutation();
  const businessApp = useSendCloudSimBusinessAppMutation();
  const end = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [list.length]);

  const failed = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: t('toasts.sendFailed'),
      description: errorMessage(error, t('cloud.sendFailedFallback')),
    });
  const customerName = name.trim() ? { name: name.trim() } : {};
  const sendText = (text: string, done: () => void) =>
    send.mutate({ ...target, text, ...customerName }, { onSuccess: done, onError: failed });
  const tap = (choice: CloudSimChoice) =>
    send.mutate({ ...target, choice, ...customerName }, { onError: failed });
  const sendFromApp = (text: string, done: () => void) =>
    businessApp.mutate({ ...target, text }, { onSuccess: done, onError: failed });

  return (
    <div className="grid gap-3">
      <div
        className="grid max-h-[28rem] min-h-48 gap-2 overflow-y-auto rounded-lg bg-[#efeae2] p-3"
        data-testid="cloud-sim-chat"
        aria-live="polite"
      >
        {messages.isError ? (
          <p className="text-sm text-destructive">{messages.error.message}</p>
        ) : list.length === 0 ? (
          <p className="self-center text-center text-sm text-muted-foreground">
            {messages.isPending ? t('cloud.chatLoading') : t('chat.empty')}
          </p>
        ) : (
          list.map((message) => (
            <Bubble key={message.id} message={message} onTap={tap} tapping={send.isPending} />
          ))
        )}
        <div ref={end} />
      </div>
      <Composer
        label={t('chat.messageLabel')}
        placeholder={t('chat.placeholder')}
        submit={t('chat.send')}
        pending={send.isPending}
        onSend={sendText}
        testId="cloud-sim-customer-composer"
      />
      {number.coexistence ? (
        <div className="grid gap-2 rounded-lg border border-dashed p-3">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Smartphone aria-hidden="true" className="size-4" />
            {t('cloud.appTitle')}
          </p>
          <p className="text-xs text-muted-foreground">{t('cloud.appHint')}</p>
          <Composer
            label={t('cloud.appLabel')}
            placeholder={t('cloud.appPlaceholder')}
            submit={t('cloud.appSend')}
            pending={businessApp.isPending}
            onSend={sendFromApp}
            testId="cloud-sim-app-composer"
          />
        </div>
      ) : null}
    </div>
  );
}

interface ComposerProps {
  label: string;
  placeholder: string;
  submit: string;
  pending: boolean;
  onSend: (text: string, done: () => void) => void;
  testId: string;
}

function Composer({ label, placeholder, submit, pending, onSend, testId }: ComposerProps) {
  const [text, setText] = useState('');
  return (
    <form
      noValidate
      className="flex gap-2"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        const message = text.trim();
        if (!message || pending) return;
        onSend(message, () => setText(''));
      }}
    >
      <Input
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={4000}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={!text.trim() || pending}>
        <Send aria-hidden="true" />
        {submit}
      </Button>
    </form>
  );
}

interface BubbleProps {
  message: CloudSimMessage;
  onTap: (choice: CloudSimChoice) => void;
  tapping: boolean;
}

function Bubble({ message, onTap, tapping }: BubbleProps) {
  const { t, i18n } = useTranslation('simulator');
  const timeZone = useOwnerTimeZone();
  const fromCustomer = message.from === 'customer';
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone }).format(
    new Date(message.at),
  );
  const kind = message.kind;
  const media = kind === 'image' || kind === 'audio' || kind === 'document' ? kind : null;
  return (
    <div
      data-testid="cloud-sim-message"
      data-from={message.from}
      data-kind={message.kind}
      data-status={message.status ?? undefined}
      className={cn(
        'grid max-w-[80%] gap-1 rounded-lg px-3 py-2 text-sm shadow-sm',
        fromCustomer ? 'justify-self-end bg-[#d9fdd3]' : 'justify-self-start bg-white',
      )}
    >
      <p className="text-xs font-semibold text-muted-foreground">
        {fromCustomer ? t('chat.you') : t('cloud.business')}
      </p>
      {message.kind === 'template' ? (
        <p className="text-xs font-medium text-green-800" data-testid="cloud-sim-template-mark">
          {t('cloud.templateMark')}
        </p>
      ) : null}
      {message.from === 'business-app' ? (
        <p className="text-xs font-medium text-blue-800" data-testid="cloud-sim-app-mark">
          {t('cloud.appMark')}
        </p>
      ) : null}
      <p className="break-words whitespace-pre-wrap">
        {message.text || (media ? t(`cloud.media.${media}`) : '')}
      </p>
      {message.buttons.length > 0 ? (
        <div className="grid gap-1 border-t pt-1">
          {message.buttons.map((choice) => (
            <Button
              key={choice.id}
              type="button"
              variant="ghost"
              size="sm"
              className="text-blue-700"
              disabled={tapping}
              onClick={() => onTap(choice)}
            >
              {choice.title}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="flex items-center justify-end gap-1 text-[10px] text-muted-foreground">
        {time}
        {fromCustomer ? null : <Ticks status={message.status} />}
      </p>
    </div>
  );
}

/** WhatsApp's ticks: one (sent), two (delivered), two blue (read), or a warning (failed). */
function Ticks({ status }: { status: CloudSimMessage['status'] }) {
  const { t } = useTranslation('simulator');
  if (!status) return null;
  const label = t(`cloud.status.${status}`);
  const Icon = status === 'sent' ? Check : status === 'failed' ? CircleAlert : CheckCheck;
  return (
    <span title={label} className="inline-flex" data-testid="cloud-sim-ticks">
      <Icon
        aria-hidden="true"
        className={cn(
          'size-3.5',
          status === 'read' && 'text-sky-500',
          status === 'failed' && 'text-destructive',
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
