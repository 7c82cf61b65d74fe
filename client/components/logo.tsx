import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

interface LogoProps {
  href?: string;
  /** light = for dark backgrounds */
  tone?: 'dark' | 'light';
  className?: string;
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-lime text-brand-navy',
        className,
      )}
    >
      <Bot aria-hidden="true" className="size-5" />
    </span>
  );
}

export function Logo({ href = '/', tone = 'dark', className }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link
      href={href}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        tone === 'light' ? 'text-white' : 'text-brand-navy',
        className,
      )}
    >
      <LogoMark />
      <span className="text-lg">{t('common.brand')}</span>
    </Link>
  );
}
