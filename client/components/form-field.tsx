import { useId, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/i18n';

interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  /** A zod message key of the `errors` namespace or a text already translated by the server. */
  error?: string;
}

/** A labelled input with its error message announced and linked through aria-describedby. */
export function FormField({ label, error, id, ...inputProps }: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
