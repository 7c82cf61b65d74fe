import type { OwnerNotification } from '@common/schemas/inbox';
import { Bell } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useNotificationsQuery } from '@/features/dashboard/api/get-notifications';
import { useBrowserNotifications } from '@/features/dashboard/hooks/use-browser-notifications';
import { useDescribeNotification } from '@/features/dashboard/hooks/use-describe-notification';
import { notificationTarget } from '@/features/dashboard/lib/notification-target';
import { lazyWithCatalogues } from '@/lib/lazy-with-catalogues';

// The list (Radix Popover and its positioning, the alerts switch) comes with the first opening.
const { Component: NotificationsPopover, preload: fetchPopover } = lazyWithCatalogues(
  async () =>
    (await import('@/features/dashboard/components/notifications-popover')).NotificationsPopover,
  [],
);
const preloadPopover = () => {
  fetchPopover().catch(() => {
    // preloading is best effort: the opening fetches again
  });
};

/**
 * The header bell: the owner's notifications, newest first, with an unread dot and count; each
 * opens where to act on it (and is marked read), and all can be marked read at once. A live
 * `notification` event refreshes it (the dashboard's OwnerEventsProvider). Its switch turns on
 * system alerts in this browser.
 */
export function NotificationsButton() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [, navigate] = useLocation();
  const query = useNotificationsQuery();
  const describe = useDescribeNotification();
  const unread = query.data?.pages[0]?.unread ?? 0;

  const go = (notification: OwnerNotification) => navigate(notificationTarget(notification));
  // Always on (not with the list): a live notification raises the system alert.
  const browser = useBrowserNotifications(describe, go);

  const bell = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label')}
      aria-haspopup="dialog"
      aria-expanded={open}
      // Before its first opening the list is not loaded: pointing at the bell fetches it, a
      // click opens it once it is here (the Radix trigger takes the clicks over from then on).
      onPointerEnter={preloadPopover}
      onFocus={preloadPopover}
      onClick={
        opened
          ? undefined
          : () => {
              setOpened(true);
              setOpen(true);
            }
      }
    >
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        // The dot carries the count (the button's name says it in words).
        <span
          aria-hidden="true"
          data-testid="unread-dot"
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-500 px-1 text-[10px] leading-4 font-semibold text-white"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </Button>
  );
  if (!opened) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationsPopover
        open={open}
        onOpenChange={setOpen}
        trigger={bell}
        describe={describe}
        go={go}
        browser={browser}
      />
    </Suspense>
  );
}
