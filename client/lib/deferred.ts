/** A value whose code is fetched the first time it is asked for (or preloaded). */
export interface Deferred<T> {
  (): Promise<T>;
  /** starts fetching (call it when the visitor starts on what needs it) */
  preload: () => void;
}

/**
 * Fetches `load` once, on `preload` or the first call, and hands every caller the same result.
 * Public forms (sign-in, sign-up) validate with the shared zod schemas, and zod was over a third
 * of the sign-in page's first load: it arrives while the visitor types (`preload` on the form's
 * first focus), or at the latest on the first submit. A failed fetch (offline) is tried again on
 * the next call.
 */
export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let loading: Promise<T> | null = null;
  const get = () => {
    if (!loading) {
      loading = load();
      loading.catch(() => (loading = null));
    }
    return loading;
  };
  return Object.assign(get, {
    preload: () => {
      // A failed preload is not the visitor's business: the next call tries again.
      get().catch(() => undefined);
    },
  });
}
