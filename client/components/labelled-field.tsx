import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/i18n';

interface LabelledFieldProps {
  /** The id of the control the label names (input, textarea or select trigger). */
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A zod message key of the `errors` namespace or a text already translated by the server. */
  error?: string | undefined;
  children: ReactNode;
}

/**
 * A label, any control, an optional hint and the error message. The control should point at
 * `${htmlFor}-error` with aria-describedby while an error shows (see fieldA11y).
 */
export function LabelledField({ htmlFor, label, hint, error, children }: LabelledFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${htmlFor}-error`} className="text-sm font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The invalid state and error link for the control inside a LabelledField. */
export function fieldA11y(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
