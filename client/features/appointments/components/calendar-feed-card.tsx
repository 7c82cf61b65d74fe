import { CalendarSync, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCalendarFeedQuery } from '@/features/appointments/api/get-calendar-feed';
import { useRotateCalendarFeedMutation } from '@/features/appointments/api/rotate-calendar-feed';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { CopyableUrl } from './copyable-url';

const APPS = ['google', 'apple', 'outlook'] as const;

/**
 * The owner's secret ICS feed: anyone holding the URL reads the agenda, so it can be replaced (the
 * old one then stops answering), after a confirmation.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('appointments');
  const feed = useCalendarFeedQuery();
  const rotate = useRotateCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const onOpenChange = (open: boolean) => {
    if (!open) rotate.reset();
    setConfirming(open);
  };
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('feed.rotated') });
      },
    });

  return (
    <Card data-testid="calendar-feed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarSync aria-hidden="true" className="size-5" />
          {t('feed.title')}
        </CardTitle>
        <CardDescription>{t('feed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isError ? (
          <ErrorAlert message={errorMessage(feed.error, t('feed.loadError'))} />
        ) : !feed.data ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <CopyableUrl label={t('feed.label')} url={feed.data.url} testId="calendar-feed-url" />
        )}
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {APPS.map((app) => (
            <li key={app}>
              <span className="font-medium text-foreground">{t(`feed.apps.${app}.name`)}</span>
              {t('feed.apps.separator')}
              {t(`feed.apps.${app}.steps`)}
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={!feed.data}
          onClick={() => setConfirming(true)}
        >
          <RefreshCw aria-hidden="true" />
          {t('feed.rotate')}
        </Button>
      </CardContent>
      <Dialog open={confirming} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('feed.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('feed.confirmWarning')}</DialogDescription>
          </DialogHeader>
          {rotate.isError ? (
            <ErrorAlert message={errorMessage(rotate.error, t('feed.rotateError'))} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={rotate.isPending}
              onClick={confirm}
            >
              {rotate.isPending ? t('feed.rotating') : t('feed.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
