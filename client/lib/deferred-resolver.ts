import type { FieldValues, Resolver } from 'react-hook-form';

export type DeferredResolver<TInput extends FieldValues, TOutput> = Resolver<
  TInput,
  unknown,
  TOutput
> & {
  /** starts fetching the validation code (call it when the visitor starts on the form) */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose code is fetched the first time it is needed. Public forms
 * (sign-in, sign-up) validate with the shared zod schemas, and zod was over a third of the sign-in
 * page's first load: it now arrives while the visitor types (`preload` on the form's first
 * focus), or at the latest on the first submit, the same schemas as before.
 */
export function deferredResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): DeferredResolver<TInput, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const preload = () => {
    loading ??= load();
    // A failed fetch (offline) is tried again on the next call.
    loading.catch(() => (loading = null));
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload: () => void preload() });
}
