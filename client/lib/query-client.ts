import { QueryClient } from '@tanstack/react-query';

/**
 * Reads are not retried and not refetched on focus. What a screen shows is stale once shown: a
 * screen (a section, a dialog) that mounts asks again, showing what it had meanwhile, so opening a
 * section always ends on current data; the owner's live events refresh what is on screen.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
