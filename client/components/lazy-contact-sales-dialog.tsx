import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ContactSalesDialog } from '@/components/contact-sales-dialog';
import { loadNamespaces } from '@/lib/i18n';

// The dialog's form (zod, react-hook-form, Radix dialog) was a third of the plans page's first
// load, for a dialog few visitors open: it loads when it is first opened.
const Dialog = lazy(async () => {
  const [module] = await Promise.all([
    import('@/components/contact-sales-dialog'),
    loadNamespaces(['billing', 'errors']),
  ]);
  return { default: module.ContactSalesDialog };
});

/** ContactSalesDialog, fetched the first time it opens. */
export function LazyContactSalesDialog(props: ComponentProps<typeof ContactSalesDialog>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
