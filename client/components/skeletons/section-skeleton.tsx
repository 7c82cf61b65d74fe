import { useTranslation } from 'react-i18next';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Skeleton } from '@/components/ui/skeleton';

/** One dashboard section inside the shell: its title, a row of figures and a list. */
export function SectionSkeleton() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('skeleton.section')}>
      <SectionShapes />
    </LoadingRegion>
  );
}

/** A section's shapes: its title, a row of figures and a list. */
export function SectionShapes() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-8 w-56" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-24" />
        ))}
      </div>
      <div className="space-y-3">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    </div>
  );
}
