import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import type { Namespace } from '@/lib/i18n';
import { lazyWithCatalogues } from '@/lib/lazy-with-catalogues';

/** A dialog that is fetched the first time it opens; `preload` fetches it ahead (on hover, focus). */
export interface LazyDialog<P> {
  (props: P): ReactNode;
  preload: () => void;
}

/**
 * A dialog whose code (its form, zod, the Radix parts) and catalogues come with its first opening,
 * not with the screen that offers it. Until then it renders nothing; while it loads, the dialog's
 * overlay with a spinner; once opened it stays mounted, so Radix animates and hands focus back as
 * before. `preload` starts the same fetch early: the buttons that open it call it on hover or focus.
 */
export function lazyOnOpen<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
): LazyDialog<P> {
  const { Component: Dialog, preload: fetchDialog } = lazyWithCatalogues(load, namespaces);
  function LazyOnOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={props.open ? <DialogLoading /> : null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  LazyOnOpen.preload = () => {
    fetchDialog().catch(() => {
      // preloading is best effort: the opening fetches again and shows what fails
    });
  };
  return LazyOnOpen;
}

/** The dialog's overlay, with a spinner where the dialog will be. */
function DialogLoading() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50">
      <div className="rounded-lg border bg-background p-4 shadow-lg">
        <Spinner label={t('common.loading')} />
      </div>
    </div>
  );
}
