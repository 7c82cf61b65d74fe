import type { ConversationSummary } from '@common/schemas/whatsapp';
import { Pause, Play, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import {
  useConversationActionMutation,
  type ConversationAction,
} from '@/features/conversations/api/conversation-action';
import { useConversationQuery } from '@/features/conversations/api/get-conversation';
import { BotStatusBadge } from '@/features/conversations/components/bot-status-badge';
import { botState, contactNumber } from '@/features/conversations/lib/display';
import { MessageBubble } from '@/features/conversations/components/message-bubble';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface TranscriptDialogProps {
  agentId: number;
  conversationId: number;
  onClose: () => void;
}

/** The transcript with the buttons to pause, resume and retry failed turns. */
export function TranscriptDialog({ agentId, conversationId, onClose }: TranscriptDialogProps) {
  const { t } = useTranslation('whatsapp');
  const detail = useConversationQuery(agentId, conversationId);
  const action = useConversationActionMutation();
  const conversation = detail.data?.conversation;

  const run = (kind: ConversationAction) =>
    action.mutate(
      { agentId, conversationId, action: kind },
      {
        onSuccess: () => {
          const done = { pause: 'paused', resume: 'resumed', retry: 'retried' } as const;
          toast({
            title: t(`conversations.toasts.${done[kind]}`),
            description: t(`conversations.toasts.${done[kind]}Description`),
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('conversations.toasts.failed'),
            description: errorMessage(error, t('conversations.toasts.failed')),
          }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        data-testid="transcript-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {t('conversations.transcriptTitle', {
              name: conversation
                ? displayName(conversation, t('conversations.unknownContact'))
                : '…',
            })}
          </DialogTitle>
          <DialogDescription>{t('conversations.transcriptDescription')}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Spinner label={t('conversations.transcriptLoading')} />
        ) : detail.isError ? (
          <ErrorAlert title={t('conversations.loadError')} message={detail.error.message} />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <BotStatusBadge conversation={detail.data.conversation} />
            </div>
            {detail.data.messages.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('conversations.noMessages')}</p>
            ) : (
              <ol className="grid gap-3" data-testid="transcript">
                {detail.data.messages.map((message) => (
                  <MessageBubble key={message.id} message={message} />
                ))}
              </ol>
            )}
            <DialogFooter className="flex-wrap gap-2">
              {botState(detail.data.conversation) !== 'active' ? (
                <Button type="button" onClick={() => run('resume')} disabled={action.isPending}>
                  <Play aria-hidden="true" />
                  {t('conversations.resume')}
                </Button>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => run('pause')}
                  disabled={action.isPending}
                >
                  <Pause aria-hidden="true" />
                  {t('conversations.pause')}
                </Button>
              )}
              {detail.data.conversation.failedCount > 0 ? (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => run('retry')}
                  disabled={action.isPending}
                >
                  <RotateCw aria-hidden="true" />
                  {t('conversations.retry')}
                </Button>
              ) : null}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function displayName(conversation: ConversationSummary, fallback: string): string {
  const number = contactNumber(conversation.contactId);
  return conversation.contactName ? `${conversation.contactName} (${number})` : number || fallback;
}
