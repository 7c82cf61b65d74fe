import { lazy, Suspense, type ComponentType } from 'react';
import { loadAppTexts, loadNamespaces, type Namespace } from '@/lib/i18n';

/**
 * A screen loaded on demand: its code and the catalogues it reads are fetched together (not one
 * after the other), and until both are here `Skeleton` shows the shape of the screen. A screen
 * that reads the API renders inside the query provider, loaded with it, and reads the signed-in
 * screens' part of `ui` (lib/i18n.ts); one that does not (`queries: false`: plans, sign-in, not
 * found) loads neither.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: readonly Namespace[],
  Skeleton: ComponentType,
  { queries = true }: { queries?: boolean } = {},
): ComponentType<P> {
  const Page = lazy(async () => {
    if (!queries) return (await Promise.all([load(), loadNamespaces(namespaces)]))[0];
    const [module, provider] = await Promise.all([
      load(),
      import('@/lib/query-provider'),
      loadNamespaces(namespaces),
      loadAppTexts(),
    ]);
    return { default: provider.withQueries(module.default) };
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
