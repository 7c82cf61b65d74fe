import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';

interface TimeFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** A labelled time of day (HH:MM), as the weekly schedules and the template's week ask it. */
export function TimeField({ label, value, onChange, disabled, invalid }: TimeFieldProps) {
  return (
    <label className="grid gap-1 text-xs">
      {label}
      <Input
        type="time"
        className="w-32"
        value={value}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
