import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A busy region with the shapes of what is loading: assistive technology hears `label` once
 * (role status) and knows the region is busy; the grey shapes are hidden from it.
 */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={cn('w-full', className)}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="contents">
        {children}
      </div>
    </div>
  );
}
