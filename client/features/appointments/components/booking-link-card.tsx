import { Check, Copy, ExternalLink, Link2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useBookingLinkQuery } from '@/features/appointments/api/get-booking-link';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';
import { errorMessage } from '@/lib/form-errors';
import { BusinessNameField } from './business-name-field';

/** The agent's public booking page: its address, to copy or open, and the business's name. */
export function BookingLinkCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const link = useBookingLinkQuery(agentId);
  const [copied, markCopied] = useCopyFeedback();

  const copy = (url: string) => {
    copyText(url).then(markCopied, () =>
      toast({ variant: 'destructive', title: t('common.copyFailed') }),
    );
  };

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
            <div className="grid gap-2">
              <Label htmlFor={id}>{t('bookingLink.label')}</Label>
              <div className="flex flex-wrap gap-2">
                <Input
                  id={id}
                  readOnly
                  value={link.data.url}
                  className="min-w-0 flex-1 font-mono text-xs"
                  data-testid="booking-link"
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" variant="outline" onClick={() => copy(link.data.url)}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
                <Button asChild variant="outline">
                  <a href={link.data.url} target="_blank" rel="noreferrer">
                    <ExternalLink aria-hidden="true" />
                    {t('bookingLink.open')}
                  </a>
                </Button>
              </div>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
