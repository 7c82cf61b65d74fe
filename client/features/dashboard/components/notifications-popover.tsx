import type { OwnerNotification } from '@common/schemas/inbox';
import {
  AlertTriangle,
  BellOff,
  CalendarCheck,
  CreditCard,
  FileWarning,
  UserRound,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useNotificationsQuery } from '@/features/dashboard/api/get-notifications';
import { useMarkNotificationsReadMutation } from '@/features/dashboard/api/mark-notifications-read';
import type { BrowserAlertsState } from '@/features/dashboard/hooks/use-browser-notifications';
import type { NotificationText } from '@/features/dashboard/hooks/use-describe-notification';
import { formatClock } from '@/lib/display-format';
import { cn } from '@/lib/utils';

const KIND_ICONS: Record<OwnerNotification['kind'], LucideIcon> = {
  'needs-person': UserRound,
  'whatsapp-disconnected': WifiOff,
  'document-failed': FileWarning,
  'payment-problem': CreditCard,
  'appointment-booked': CalendarCheck,
};

interface NotificationsPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the bell button, which opens and closes the list */
  trigger: ReactElement;
  describe: (notification: OwnerNotification) => NotificationText;
  /** opens where to act on a notification */
  go: (notification: OwnerNotification) => void;
  browser: { state: BrowserAlertsState; setOn: (on: boolean) => Promise<void> };
}

/**
 * The bell's list (the header's NotificationsButton fetches it with its first opening): newest
 * first; each opens where to act on it and is marked read; all can be marked read at once; the
 * switch for this browser's system alerts.
 */
export function NotificationsPopover(props: NotificationsPopoverProps) {
  const { open, onOpenChange, trigger, describe, go, browser } = props;
  const { t, i18n } = useTranslation('notifications');
  const query = useNotificationsQuery();
  const markRead = useMarkNotificationsReadMutation();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  const choose = (notification: OwnerNotification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
    onOpenChange(false);
    go(notification);
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        aria-label={t('bell.title')}
        className="flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-3 p-3"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-semibold">{t('bell.title')}</p>
          {unread > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('bell.markAll')}
            </Button>
          ) : null}
        </div>
        <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
          {query.isError ? (
            <p role="alert" className="py-4 text-center text-sm text-destructive">
              {t('bell.failed')}
            </p>
          ) : items.length === 0 && !query.isPending ? (
            <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
              <BellOff aria-hidden="true" className="size-6" />
              <p>{t('bell.empty')}</p>
            </div>
          ) : (
            <ul className="grid gap-1" data-testid="notification-list">
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  text={describe(notification)}
                  time={formatClock(notification.createdAt, i18n.language)}
                  unreadLabel={t('bell.unreadItem')}
                  onChoose={() => choose(notification)}
                />
              ))}
            </ul>
          )}
          {query.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-1 w-full"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('bell.more')}
            </Button>
          ) : null}
        </div>
        <BrowserAlertsSwitch state={browser.state} onChange={(on) => void browser.setOn(on)} />
      </PopoverContent>
    </Popover>
  );
}

interface NotificationItemProps {
  notification: OwnerNotification;
  text: { title: string; body: string; action: string };
  time: string;
  unreadLabel: string;
  onChoose: () => void;
}

function NotificationItem({
  notification,
  text,
  time,
  unreadLabel,
  onChoose,
}: NotificationItemProps) {
  const Icon = KIND_ICONS[notification.kind] ?? AlertTriangle;
  const unread = notification.readAt === null;
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        title={text.action}
        data-testid="notification-item"
        data-kind={notification.kind}
        className={cn(
          'flex w-full items-start gap-3 rounded-md p-2 text-left text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          unread && 'bg-muted/60',
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-center gap-2 font-medium">
            <span className="truncate">{text.title}</span>
            {unread ? (
              <span className="size-2 shrink-0 rounded-full bg-red-500">
                <span className="sr-only">{unreadLabel}</span>
              </span>
            ) : null}
          </span>
          <span className="break-words text-muted-foreground">{text.body}</span>
          <span className="text-xs text-muted-foreground">{time}</span>
          <span className="sr-only">{text.action}</span>
        </span>
      </button>
    </li>
  );
}

function BrowserAlertsSwitch({
  state,
  onChange,
}: {
  state: BrowserAlertsState;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const id = useId();
  const hint =
    state === 'denied'
      ? t('browser.denied')
      : state === 'unsupported'
        ? t('browser.unsupported')
        : t('browser.hint');
  return (
    <div className="flex items-start gap-3 border-t pt-3">
      <Checkbox
        id={id}
        checked={state === 'on'}
        disabled={state === 'denied' || state === 'unsupported'}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('browser.label')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
