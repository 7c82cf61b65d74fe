import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Six placeholder cards while the list loads. */
export const SKELETON_CARDS = 6;

export function AgentCardsSkeleton() {
  const { t } = useTranslation('agents');
  return (
    <div
      role="status"
      aria-label={t('list.loading')}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card key={index} data-testid="agent-card-skeleton">
          <CardHeader>
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </CardHeader>
          <CardContent className="flex gap-2">
            <Skeleton className="h-9 flex-1" />
            <Skeleton className="h-9 flex-1" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
