import type { ReactNode } from 'react';
import { Logo } from '@/components/logo';

/** Top bar of the sign-up funnel pages: logo on the left, one action on the right. */
export function PageHeader({ logoHref = '/', action }: { logoHref?: string; action?: ReactNode }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo href={logoHref} />
        {action}
      </div>
    </header>
  );
}
