import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * A form label. What Radix's Label primitive did, without the primitive (the sign-in page's only
 * Radix piece): a double click on the label does not select its text, a click on a control
 * inside it is left alone.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  const mouseDown = (event: MouseEvent<HTMLLabelElement>) => {
    if ((event.target as Element).closest('button, input, select, textarea')) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  };
  return (
    <label
      className={cn('text-sm leading-none font-medium select-none', className)}
      onMouseDown={mouseDown}
      {...props}
    />
  );
}
