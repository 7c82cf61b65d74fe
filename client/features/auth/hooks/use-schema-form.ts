import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldMessages } from '@/features/auth/lib/field-messages';
import { deferred, type Deferred } from '@/lib/deferred';
import { loadNamespaces } from '@/lib/i18n';
import type { SetFieldError } from '@/lib/form-errors';

/**
 * A form's zod schema fetched on demand with the `errors` catalogue its messages are keys of: the
 * sign-in page loads neither until the visitor starts on a form (its first focus) or submits it,
 * and no message shows before its text is here.
 */
export function deferredSchema<Out>(load: () => Promise<z.ZodType<Out>>): Deferred<z.ZodType<Out>> {
  return deferred(async () => (await Promise.all([load(), loadNamespaces(['errors'])]))[0]);
}

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/**
 * The sign-in and registration forms' state, without a form library: uncontrolled inputs named
 * after the schema's fields, validated with the same zod schema the server uses. As with
 * react-hook-form before it: messages appear on the first submit (the first field with one is
 * focused), then each field is checked again as it changes; a submit starts without the
 * form-level message; `onValid` gets the parsed values (trimmed, the e-mail lower-cased).
 */
export function useSchemaForm<F extends string, Out>({
  fields,
  schema,
  onValid,
  unavailableMessage,
}: {
  /** the inputs' names, in the form's order */
  fields: readonly F[];
  schema: Deferred<z.ZodType<Out>>;
  onValid: (values: Out) => void;
  /** the form-level message when the validation code cannot be fetched (offline) */
  unavailableMessage: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);

  const focus = (field: F) => {
    const input = formRef.current?.elements.namedItem(field);
    if (input instanceof HTMLElement) input.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setFormError(undefined);
    const values = valuesOf(event.currentTarget);
    schema().then(
      (parser) => {
        const result = parser.safeParse(values);
        if (result.success) {
          setErrors({});
          onValid(result.data);
          return;
        }
        const messages = fieldMessages(result.error.issues, fields);
        setErrors(messages);
        const first = fields.find((field) => messages[field]);
        if (first !== undefined) focus(first);
      },
      () => setFormError(unavailableMessage),
    );
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted.current) return;
    const name = (event.target as { name?: unknown }).name;
    const field = fields.find((f) => f === name);
    if (field === undefined) return;
    const values = valuesOf(event.currentTarget);
    schema().then(
      (parser) => {
        const result = parser.safeParse(values);
        const message = result.success
          ? undefined
          : fieldMessages(result.error.issues, fields)[field];
        setErrors((previous) => ({ ...previous, [field]: message }));
      },
      () => undefined,
    );
  };

  /** A server's message on a field (lib/form-errors.ts), focused when asked. */
  const setError: SetFieldError<F> = (field, { message }, { shouldFocus }) => {
    setErrors((previous) => ({ ...previous, [field]: message }));
    if (shouldFocus) focus(field);
  };

  return {
    formProps: {
      ref: formRef,
      // Sent by the browser itself only before the page's script runs (its submit button waits
      // for it, useHydrated): a POST keeps the password out of the address and the server's log.
      method: 'post',
      noValidate: true,
      onSubmit,
      onChange,
      onFocus: schema.preload,
    },
    /** the input's name and message, spread onto a FormField */
    field: (name: F) => ({ name, error: errors[name] }),
    setError,
    formError,
    setFormError,
  };
}
