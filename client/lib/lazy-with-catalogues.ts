import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadNamespaces, type Namespace } from '@/lib/i18n';

/**
 * A component whose code and catalogues are fetched together, the first time it renders or when
 * `preload` is called (a link or button pointed at or focused). A failed fetch (offline) is tried
 * again at the next render or preload.
 */
export function lazyWithCatalogues<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<unknown> } {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([component]) => ({ default: component }),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { Component: lazy(preload), preload };
}
