import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the markup the build rendered (scripts/prerender.ts) is on screen without its
 * script, true once React runs it. A form's submit button waits for it: clicked before, the
 * browser would send the form itself, to no handler.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
