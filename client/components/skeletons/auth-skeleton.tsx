import { useTranslation } from 'react-i18next';
import { LoadingRegion } from '@/components/skeletons/loading-region';
import { Skeleton } from '@/components/ui/skeleton';

/** The sign-in and sign-up page: a card with its tabs, two fields and a button. */
export function AuthSkeleton() {
  const { t } = useTranslation();
  return (
    <LoadingRegion
      label={t('skeleton.signIn')}
      className="flex min-h-screen items-center justify-center px-4"
    >
      <div className="w-full max-w-md rounded-xl border p-6">
        <Skeleton className="mx-auto h-8 w-40" />
        <Skeleton className="mt-6 h-10 w-full" />
        {[0, 1].map((field) => (
          <div key={field} className="mt-6 space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="mt-8 h-10 w-full" />
      </div>
    </LoadingRegion>
  );
}
