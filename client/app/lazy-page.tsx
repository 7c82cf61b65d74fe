import { lazy, Suspense, type ComponentType } from 'react';
import { loadNamespaces, type Namespace } from '@/lib/i18n';

/**
 * A screen loaded on demand: its code and the catalogues it reads are fetched together (not one
 * after the other), and until both are here `Skeleton` shows the shape of the screen.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly Namespace[],
  Skeleton: ComponentType,
): ComponentType<P> {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return module;
  });
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Skeleton />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
