import type { PublicBookingPage as Page } from '@common/schemas/appointments';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LanguageSwitch } from '@/components/language-switch';
import { Spinner } from '@/components/ui/spinner';
import { usePublicBookingQuery } from '@/features/appointments/api/get-public-booking';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { BookingFlow } from './booking-flow';

/** /agendar/:slug: anyone books one of the agent's services, with no sign-in. */
export function PublicBookingPage({ slug }: { slug: string }) {
  const { t } = useTranslation('appointments');
  const page = usePublicBookingQuery(slug);
  useDocumentTitle(
    page.data
      ? t('booking.pageTitle', { agent: page.data.businessName })
      : t('booking.pageTitleBare'),
  );
  return (
    <div className="min-h-screen bg-muted/50">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-xl items-center justify-between gap-3 px-4">
          <span className="flex min-w-0 items-center gap-2 font-semibold text-brand-navy">
            <CalendarDays aria-hidden="true" className="size-5 shrink-0" />
            <span className="truncate">
              {page.data?.businessName ?? t('booking.pageTitleBare')}
            </span>
          </span>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto grid max-w-xl gap-6 px-4 py-6">
        <PageBody slug={slug} query={page} />
      </main>
    </div>
  );
}

function PageBody({
  slug,
  query,
}: {
  slug: string;
  query: ReturnType<typeof usePublicBookingQuery>;
}) {
  const { t } = useTranslation('appointments');
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('booking.loading')} />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? (
      <section className="grid gap-2 py-12 text-center">
        <h1 className="text-xl font-bold text-brand-navy">{t('booking.notFoundTitle')}</h1>
        <p className="text-muted-foreground">{t('booking.notFoundDescription')}</p>
      </section>
    ) : (
      <ErrorAlert message={errorMessage(query.error, t('booking.loadError'))} />
    );
  }
  return <Intro page={query.data} slug={slug} />;
}

function Intro({ page, slug }: { page: Page; slug: string }) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-balance text-brand-navy">
          {t('booking.title', { agent: page.businessName })}
        </h1>
        <p className="text-muted-foreground">{t('booking.subtitle')}</p>
      </div>
      {page.services.length === 0 ? (
        <p className="rounded-lg border bg-card p-4 text-muted-foreground">
          {t('booking.noServices')}
        </p>
      ) : (
        <BookingFlow slug={slug} page={page} />
      )}
    </>
  );
}
