import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useToast } from '@/hooks/use-toast';
import { AuthProvider } from '@/lib/auth/auth-provider';

// Radix's toast (with its layers and collection) was a tenth of the landing page's script; it
// loads with the first toast instead.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function ToasterOnceNeeded() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * What every page runs: the session and the toasts. The query client is not here: the screens
 * that read the API bring it (lazyPage, lib/query-provider.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <ToasterOnceNeeded />
    </AuthProvider>
  );
}
