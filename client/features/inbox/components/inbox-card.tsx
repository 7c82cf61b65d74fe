import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInboxQuery } from '@/features/inbox/api/get-inbox';
import { contactLabel, formatWhen } from '@/features/inbox/lib/display';

const SHOWN = 3;

/** The dashboard home's card: who needs the owner, and the newest conversations. */
export function InboxCard({ onOpen }: { onOpen: (conversationId?: number) => void }) {
  const { t, i18n } = useTranslation('inbox');
  const list = useInboxQuery({});
  const items = list.data?.pages[0]?.items ?? [];
  const needsPerson = items.filter((item) => item.needsPerson).length;
  const unread = items.filter((item) => item.unread > 0).length;
  return (
    <Card data-testid="inbox-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessagesSquare aria-hidden="true" className="size-5" />
          {t('card.title')}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{t('list.loadError')}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('card.empty')}</p>
        ) : (
          <>
            <div className="flex flex-wrap gap-2">
              {needsPerson > 0 ? (
                <Badge className="bg-amber-100 text-amber-950">
                  {t('card.needsPerson', { count: needsPerson })}
                </Badge>
              ) : null}
              {unread > 0 ? <Badge>{t('card.unread', { count: unread })}</Badge> : null}
            </div>
            <ul className="divide-y">
              {items.slice(0, SHOWN).map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="grid w-full gap-0.5 py-2 text-left text-sm hover:underline"
                    onClick={() => onOpen(item.id)}
                  >
                    <span className="flex justify-between gap-2">
                      <span className="truncate font-medium">
                        {contactLabel(item.contact) ??
                          (item.channel === 'webchat'
                            ? t('list.visitor')
                            : t('list.unknownContact'))}
                      </span>
                      {item.lastMessage ? (
                        <time className="shrink-0 text-xs text-muted-foreground">
                          {formatWhen(item.lastMessage.at, i18n.language)}
                        </time>
                      ) : null}
                    </span>
                    <span className="truncate text-muted-foreground">
                      {item.lastMessage?.text ?? t('list.noMessages')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => onOpen()}
        >
          {t('card.viewAll')}
        </Button>
      </CardContent>
    </Card>
  );
}
