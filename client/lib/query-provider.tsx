import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
// What reads the API (the signed-in screens, the public pages' dialogs) overrides components'
// classes: tailwind-merge comes with it (lib/utils.ts).
import '@/lib/app-styles';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app's one query client, created when the first screen that reads the API loads: the public
 * pages (landing, plans, sign-in) do not load TanStack Query at all. Each such screen renders its
 * own provider around this client, so moving between screens keeps the cache.
 */
const appQueryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}

/** A lazily loaded component, inside the query provider. */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Component.displayName ?? Component.name})`;
  return WithQueries;
}
