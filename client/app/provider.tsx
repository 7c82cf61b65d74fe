import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useToast } from '@/hooks/use-toast';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';

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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ToasterOnceNeeded />
      </AuthProvider>
    </QueryClientProvider>
  );
}
