import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

/**
 * The header bell. Nothing produces notifications yet, so the list is always empty and the unread
 * dot stays hidden; the dot appears only when unreadCount > 0.
 */
export function NotificationsButton({ unreadCount = 0 }: { unreadCount?: number }) {
  const { t } = useTranslation();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={
            unreadCount > 0
              ? t('dashboard.notifications.unread')
              : t('dashboard.notifications.label')
          }
        >
          <Bell aria-hidden="true" />
          {unreadCount > 0 ? (
            <span
              data-testid="unread-dot"
              className="absolute top-2 right-2 size-2 rounded-full bg-red-500"
            />
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label={t('dashboard.notifications.title')}>
        <p className="mb-3 text-sm font-semibold">{t('dashboard.notifications.title')}</p>
        <div className="flex flex-col items-center gap-2 py-4 text-center text-sm text-muted-foreground">
          <BellOff aria-hidden="true" className="size-6" />
          <p>{t('dashboard.notifications.empty')}</p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
