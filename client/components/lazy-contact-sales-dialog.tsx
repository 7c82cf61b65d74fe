import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ContactSalesDialog } from '@/components/contact-sales-dialog';

// The dialog's form (zod, react-hook-form, Radix dialog) was a third of the plans page's first
// load, for a dialog few visitors open: it loads when it is first opened.
const Dialog = lazy(async () => ({
  default: (await import('@/components/contact-sales-dialog')).ContactSalesDialog,
}));

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
