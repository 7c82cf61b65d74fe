import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ContactSalesDialog } from '@/components/contact-sales-dialog';
import { loadNamespaces } from '@/lib/i18n';

// The dialog's form (zod, react-hook-form, Radix dialog) was a third of the plans page's first
// load, for a dialog few visitors open: it loads when it is first opened, with the query client
// it sends through (the plans page has none of its own).
const Dialog = lazy(async () => {
  const [module, queries] = await Promise.all([
    import('@/components/contact-sales-dialog'),
    import('@/lib/query-provider'),
    loadNamespaces(['billing', 'errors']),
  ]);
  return { default: queries.withQueries(module.ContactSalesDialog) };
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
