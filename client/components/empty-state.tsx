import type { ReactNode } from 'react';

/** A dashed empty state: an icon, a title, what to do next and, optionally, a button for it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-brand-navy"
      >
        {icon}
      </span>
      <h2 className="text-lg font-semibold text-brand-navy">{title}</h2>
      <p className="max-w-xl text-muted-foreground">{children}</p>
      {action}
    </section>
  );
}
