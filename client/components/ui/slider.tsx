import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type SliderProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'defaultValue'> & {
  value: number;
  onValueChange: (value: number) => void;
};

/**
 * A single-value range: the browser's own `<input type="range">` (role slider, arrow keys, touch),
 * in the brand colour. Pass aria-label or aria-labelledby.
 */
export function Slider({ className, value, onValueChange, ...props }: SliderProps) {
  return (
    <input
      type="range"
      className={cn(
        'h-2 w-full cursor-pointer accent-brand-navy disabled:cursor-not-allowed disabled:opacity-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
        className,
      )}
      value={value}
      onChange={(event) => onValueChange(Number(event.currentTarget.value))}
      {...props}
    />
  );
}
