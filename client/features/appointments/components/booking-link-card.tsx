import { ExternalLink, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookingLinkQuery } from '@/features/appointments/api/get-booking-link';
import { errorMessage } from '@/lib/form-errors';
import { BusinessNameField } from './business-name-field';
import { CopyableUrl } from './copyable-url';

/** The agent's public booking page: its address, to copy or open, and the business's name. */
export function BookingLinkCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const link = useBookingLinkQuery(agentId);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5" />
          {t('bookingLink.title')}
        </CardTitle>
        <CardDescription>{t('bookingLink.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {link.isError ? (
          <ErrorAlert message={errorMessage(link.error, t('settings.loadError'))} />
        ) : !link.data ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <div className="grid gap-4">
            <BusinessNameField agentId={agentId} saved={link.data.businessName} />
            <CopyableUrl label={t('bookingLink.label')} url={link.data.url} testId="booking-link">
              <Button asChild variant="outline">
                <a href={link.data.url} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {t('bookingLink.open')}
                </a>
              </Button>
            </CopyableUrl>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
