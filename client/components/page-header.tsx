import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';

/**
 * Top bar of the public and sign-up funnel pages: logo on the left and, on the right, one action
 * or a way back (`back`: where to and its label).
 */
export function PageHeader({
  logoHref = '/',
  action,
  back,
}: {
  logoHref?: string;
  action?: ReactNode;
  back?: { href: string; label: string };
}) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo href={logoHref} />
        {back ? (
          <Button asChild variant="ghost">
            <Link href={back.href}>
              <ArrowLeft aria-hidden="true" />
              {back.label}
            </Link>
          </Button>
        ) : (
          action
        )}
      </div>
    </header>
  );
}
