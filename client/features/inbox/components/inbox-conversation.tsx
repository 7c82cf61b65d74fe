import type { InboxConversationItem, InboxMessage } from '@common/schemas/inbox';
import { ArrowLeft, Bot, UserRound } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInboxConversationQuery } from '@/features/inbox/api/get-inbox-conversation';
import {
  useInboxAction,
  usePatchInboxConversation,
} from '@/features/inbox/api/update-inbox-conversation';
import {
  useRetryInboxMessage,
  useSendInboxMessage,
  type OutgoingReply,
} from '@/features/inbox/api/send-inbox-message';
import { ContactCard } from '@/features/inbox/components/contact-card';
import { InboxComposer, replyErrorText } from '@/features/inbox/components/inbox-composer';
import { InboxMessageBubble } from '@/features/inbox/components/inbox-message';
import { InboxTemplatePicker } from '@/features/inbox/components/inbox-template-picker';
import { contactLabel, formatWhen } from '@/features/inbox/lib/display';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

interface InboxConversationProps {
  id: number;
  onBack: () => void;
}

/** A conversation: its transcript (older pages on demand), the bot's state and the contact. */
export function InboxConversation({ id, onBack }: InboxConversationProps) {
  const { t } = useTranslation('inbox');
  const detail = useInboxConversationQuery(id);
  const newest = detail.data?.pages[0];
  useMarkRead(id, newest?.conversation.unread ?? 0);
  const send = useSendInboxMessage(id);
  const retry = useRetryInboxMessage(id);
  // The newest message id when the owner pressed send: a person's message with the same text past
  // it is the one being sent, already stored (the live stream can bring it before the POST ends).
  const [sentAfter, setSentAfter] = useState(0);
  // The 24 hours passed while the page was open: read the conversation again, so the template
  // picker takes the composer's place.
  const refetchIfWindowClosed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'CLOUD_WINDOW_CLOSED') void detail.refetch();
  };
  const sendReply = async (reply: OutgoingReply) => {
    setSentAfter(newestId(detail.data?.pages[0]?.messages ?? []));
    try {
      return await send.mutateAsync(reply);
    } catch (error) {
      refetchIfWindowClosed(error);
      throw error;
    }
  };
  const retryMessage = (messageId: number) =>
    retry.mutate(messageId, {
      onError: (error) => {
        refetchIfWindowClosed(error);
        toast({
          variant: 'destructive',
          title: t('composer.retryFailed'),
          description: replyErrorText(error, t('composer.retryFailed')),
        });
      },
    });
  const { scrollerRef, composerRef, onTranscriptScroll } = useStickToNewest(
    id,
    newestId(newest?.messages ?? []) + (send.isPending ? 1 : 0),
  );
  if (detail.isPending) return <Skeleton className="h-96 w-full" />;
  if (detail.isError || !newest) {
    return <p className="text-sm text-destructive">{t('view.loadError')}</p>;
  }
  const conversation = newest.conversation;
  // Pages come newest first; each holds its messages oldest first.
  const messages = [...detail.data.pages].reverse().flatMap((page) => page.messages);
  // What is being sent shows at once, until the stored message comes back with the list.
  const stored =
    send.variables !== undefined &&
    messages.some(
      (m) => m.author === 'person' && m.id > sentAfter && m.text === send.variables?.text,
    );
  const outgoing =
    send.isPending && send.variables && !stored ? pendingMessage(send.variables) : null;
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <Card className="min-w-0" data-testid="inbox-conversation">
        <CardHeader className="gap-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start lg:hidden"
            onClick={onBack}
          >
            <ArrowLeft aria-hidden="true" />
            {t('view.back')}
          </Button>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <CardTitle className="text-lg">
                {contactLabel(conversation.contact) ??
                  (conversation.channel === 'webchat'
                    ? t('list.visitor')
                    : t('list.unknownContact'))}
              </CardTitle>
              <p className="text-sm text-muted-foreground">
                {t('view.via', {
                  channel: t(`list.channels.${conversation.channel}`),
                  agent: conversation.agent.name,
                })}
              </p>
              <BotState conversation={conversation} />
            </div>
            <BotActions conversation={conversation} />
          </div>
        </CardHeader>
        <CardContent className="grid gap-3">
          {detail.hasNextPage ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-center"
              disabled={detail.isFetchingNextPage}
              onClick={() => void detail.fetchNextPage()}
            >
              {t('view.older')}
            </Button>
          ) : null}
          <div
            ref={scrollerRef}
            onScroll={onTranscriptScroll}
            className="max-h-[min(55dvh,40rem)] overflow-y-auto overscroll-contain pr-1"
            data-testid="inbox-transcript"
            // scrolled with the keyboard too, and named for screen readers
            tabIndex={0}
            role="region"
            aria-label={t('view.transcript')}
          >
            <ol className="grid gap-2" aria-live="polite">
              {messages.map((message) => (
                <InboxMessageBubble
                  key={message.id}
                  message={message}
                  onRetry={() => retryMessage(message.id)}
                  retrying={retry.isPending && retry.variables === message.id}
                />
              ))}
              {outgoing ? <InboxMessageBubble message={outgoing} /> : null}
            </ol>
          </div>
          <div ref={composerRef}>
            {newest.window?.closed ? (
              <InboxTemplatePicker
                key={id}
                conversationId={id}
                agentId={conversation.agent.id}
                templates={newest.window.templates}
              />
            ) : (
              <InboxComposer
                key={id}
                conversationId={id}
                sending={send.isPending}
                onSend={sendReply}
              />
            )}
          </div>
        </CardContent>
      </Card>
      <ContactCard conversation={conversation} />
    </div>
  );
}

/** How close to the end (px) a reader still counts as reading the newest messages. */
const AT_END_PX = 48;

/**
 * A conversation opens at its newest messages with the composer in view, as chat apps do; a
 * message arriving keeps the newest in view unless the owner scrolled up to read older ones.
 */
function useStickToNewest(id: number, newest: number) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const shown = newest > 0;
  useEffect(() => {
    atEnd.current = true;
  }, [id]);
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [id, newest]);
  useEffect(() => {
    if (shown) composerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [id, shown]);
  const onTranscriptScroll = () => {
    const el = scrollerRef.current;
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_END_PX;
  };
  return { scrollerRef, composerRef, onTranscriptScroll };
}

function newestId(messages: InboxMessage[]): number {
  return messages.reduce((max, m) => Math.max(max, m.id), 0);
}

/** The message being sent, as it will show once stored. */
function pendingMessage(reply: OutgoingReply): InboxMessage {
  const image = reply.file?.type.startsWith('image/') ?? false;
  return {
    id: -1,
    author: 'person',
    kind: reply.file ? (image ? 'image' : 'file') : 'text',
    text: reply.text,
    transcription: null,
    mediaUrl: null,
    mediaType: reply.file?.type ?? null,
    fileName: reply.file?.name ?? null,
    citations: [],
    origin: null,
    status: 'pending',
    error: null,
    delivery: null,
    createdAt: new Date().toISOString(),
  };
}

/** A conversation on screen is read: opening it, or a message arriving while it is open. */
function useMarkRead(id: number, unread: number) {
  const patch = usePatchInboxConversation(id);
  const { mutate, isPending } = patch;
  useEffect(() => {
    if (unread > 0 && !isPending) mutate({ read: true });
    // Only a change of the count (or of the conversation) calls for another mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, unread]);
}

function BotState({ conversation }: { conversation: InboxConversationItem }) {
  const { t, i18n } = useTranslation('inbox');
  const { bot } = conversation;
  const text =
    bot.state === 'paused'
      ? t('bot.paused', { time: formatWhen(bot.until, i18n.language) })
      : t(`bot.${bot.state}`);
  return (
    <Badge
      variant={bot.state === 'active' ? 'secondary' : 'outline'}
      className="justify-self-start"
      data-testid="inbox-bot-state"
      data-state={bot.state}
    >
      {bot.state === 'active' ? <Bot aria-hidden="true" className="size-3" /> : null}
      {bot.state === 'person' ? <UserRound aria-hidden="true" className="size-3" /> : null}
      {text}
    </Badge>
  );
}

function BotActions({ conversation }: { conversation: InboxConversationItem }) {
  const { t } = useTranslation('inbox');
  const action = useInboxAction(conversation.id);
  const run = (kind: 'handoff' | 'resume') =>
    action.mutate(kind, {
      onSuccess: () => {
        const done = kind === 'handoff' ? 'handoffDone' : 'resumeDone';
        toast({ title: t(`view.${done}`), description: t(`view.${done}Description`) });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('view.actionFailed'),
          description: errorMessage(error, t('view.actionFailed')),
        }),
    });
  const state = conversation.bot.state;
  return (
    <div className="flex flex-wrap gap-2">
      {state !== 'person' ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={action.isPending}
          onClick={() => run('handoff')}
        >
          <UserRound aria-hidden="true" />
          {t('view.handoff')}
        </Button>
      ) : null}
      {state !== 'active' ? (
        <Button type="button" size="sm" disabled={action.isPending} onClick={() => run('resume')}>
          <Bot aria-hidden="true" />
          {t('view.resume')}
        </Button>
      ) : null}
    </div>
  );
}
