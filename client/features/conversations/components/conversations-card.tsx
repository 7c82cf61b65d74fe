import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useConversationsQuery,
  type ConversationChannel,
} from '@/features/conversations/api/get-conversations';
import { ConversationRow } from '@/features/conversations/components/conversation-row';
import { TranscriptDialog } from '@/features/conversations/components/transcript-dialog';

interface ConversationsCardProps {
  agentId: number;
  channel: ConversationChannel;
}

/** The agent's conversations on a channel; opening one shows its transcript and bot controls. */
export function ConversationsCard({ agentId, channel }: ConversationsCardProps) {
  const { t } = useTranslation('whatsapp');
  const list = useConversationsQuery(agentId, channel);
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Card data-testid="conversations-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessagesSquare aria-hidden="true" className="size-5" />
          {t('conversations.title')}
        </CardTitle>
        <CardDescription>{t('conversations.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{t('conversations.loadError')}</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('conversations.empty')}</p>
        ) : (
          <ul className="divide-y">
            {list.data.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                onOpen={() => setOpenId(conversation.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {openId !== null ? (
        <TranscriptDialog
          agentId={agentId}
          conversationId={openId}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </Card>
  );
}
