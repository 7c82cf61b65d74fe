import { cn } from '@/lib/utils';

interface SectionHeadingProps {
  id: string;
  title: string;
  subtitle: string;
  tone?: 'dark' | 'light';
}

export function SectionHeading({ id, title, subtitle, tone = 'dark' }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      <h2
        id={id}
        className={cn(
          'text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          tone === 'light' ? 'text-white' : 'text-brand-navy',
        )}
      >
        {title}
      </h2>
      <p
        className={cn(
          'mt-4 text-lg text-pretty',
          tone === 'light' ? 'text-white/80' : 'text-muted-foreground',
        )}
      >
        {subtitle}
      </p>
    </div>
  );
}
