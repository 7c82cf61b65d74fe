import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { SidebarContent } from '@/features/dashboard/components/sidebar';
import type { SidebarNavProps } from '@/features/dashboard/components/sidebar-nav';

interface MenuSheetProps extends SidebarNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the header's menu button, which opens it */
  trigger: ReactElement;
}

/**
 * The phone's menu: the sidebar in a panel over the page (the header fetches it with its first
 * opening). A link chosen closes it, its own section's included.
 */
export function MenuSheet({ open, onOpenChange, trigger, ...nav }: MenuSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="sr-only">{t('dashboard.navLabel')}</SheetTitle>
        <div
          className="h-full"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) onOpenChange(false);
          }}
        >
          <SidebarContent {...nav} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
