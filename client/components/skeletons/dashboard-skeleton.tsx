import { useTranslation } from 'react-i18next';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { SectionShapes } from '@/components/skeletons/section-skeleton';
import { Skeleton } from '@/components/ui/skeleton';

/** The signed-in screens (dashboard, agent editor, simulator): sidebar, header, content. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('skeleton.dashboard')} className="flex min-h-screen">
      <div className="hidden w-64 shrink-0 space-y-3 border-r p-4 md:block">
        <Skeleton className="h-8 w-36" />
        {[0, 1, 2, 3, 4, 5].map((item) => (
          <Skeleton key={item} className="h-9 w-full" />
        ))}
      </div>
      <div className="flex-1">
        <div className="flex h-16 items-center justify-between border-b px-6">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-9 w-32" />
        </div>
        <div className="p-6">
          <SectionShapes />
        </div>
      </div>
    </LoadingRegion>
  );
}
