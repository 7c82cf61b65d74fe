import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ChartCanvasProps } from './chart-canvas';

/** chart.js comes with the first chart drawn, never with the dashboard's first load. */
const ChartCanvas = lazy(() => import('./chart-canvas'));

export type { ChartCanvasProps, ChartSeries } from './chart-canvas';

export function LazyChart(props: ChartCanvasProps) {
  return (
    <Suspense fallback={<Skeleton style={{ height: props.height ?? 220 }} className="w-full" />}>
      <ChartCanvas {...props} />
    </Suspense>
  );
}
