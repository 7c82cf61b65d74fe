import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" className={cn('inline-flex', className)}>
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-navy" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
