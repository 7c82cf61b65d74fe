import { Suspense } from 'react';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

export function App() {
  return (
    <AppProvider>
      {/* Screens suspend into their own skeletons (lazyPage); this boundary only catches what
          suspends outside them. */}
      <Suspense fallback={null}>
        <AppRouter />
      </Suspense>
    </AppProvider>
  );
}
