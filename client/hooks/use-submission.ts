import { useState } from 'react';

/**
 * One request sent by a form, with its pending state: what `useMutation` offers the sign-in and
 * registration forms, without TanStack Query (the sign-in page does not load the query client).
 */
export function useSubmission<I, O>(
  send: (input: I) => Promise<O>,
  { onSuccess }: { onSuccess?: (output: O) => void } = {},
) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: I, { onError }: { onError?: (error: unknown) => void } = {}) => {
    setPending(true);
    send(input).then(
      (output) => {
        setPending(false);
        onSuccess?.(output);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error);
      },
    );
  };
  return { mutate, isPending };
}
