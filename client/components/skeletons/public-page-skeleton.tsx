import { useTranslation } from 'react-i18next';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Skeleton } from '@/components/ui/skeleton';

/** Plans, subscription, checkout and guide pages: a header, a title and a row of cards. */
export function PublicPageSkeleton() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('skeleton.page')} className="min-h-screen">
      <div className="flex h-16 items-center justify-between border-b px-6">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-8 w-24" />
      </div>
      <div className="mx-auto max-w-5xl px-6 py-12">
        <Skeleton className="mx-auto h-9 w-2/3 max-w-md" />
        <Skeleton className="mx-auto mt-4 h-5 w-1/2 max-w-sm" />
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} className="h-72" />
          ))}
        </div>
      </div>
    </LoadingRegion>
  );
}
