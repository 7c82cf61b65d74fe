import { Menu, Sparkles, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { NotificationsButton } from '@/features/dashboard/components/notifications-button';
import { SidebarContent } from '@/features/dashboard/components/sidebar';
import type { SectionId } from '@/lib/dashboard-paths';

/** What the header buttons open: 'Assistente' (wizard) or 'Criar Rápido' (quick dialog). */
export type CreationMode = 'wizard' | 'quick';

interface DashboardHeaderProps {
  section: SectionId;
  onCreate: (mode: CreationMode) => void;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export function DashboardHeader(props: DashboardHeaderProps) {
  const { section, onCreate, menuOpen, onMenuOpenChange } = props;
  const { t } = useTranslation();
  return (
    // Sticky only from the tablet width up: on a phone the header's two rows would take a sixth of
    // the screen from every section.
    <header className="top-0 z-20 border-b bg-background/95 backdrop-blur sm:sticky">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <Sheet open={menuOpen} onOpenChange={onMenuOpenChange}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden">
              <Menu aria-hidden="true" />
              <span className="sr-only">{t('dashboard.openMenu')}</span>
            </Button>
          </SheetTrigger>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle className="sr-only">{t('dashboard.navLabel')}</SheetTitle>
            {/* A link chosen closes the menu, its own section's included. */}
            <div
              className="h-full"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) onMenuOpenChange(false);
              }}
            >
              <SidebarContent active={section} />
            </div>
          </SheetContent>
        </Sheet>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-bold break-words text-brand-navy sm:truncate sm:text-2xl">
            {t(`dashboard.sections.${section}.title`)}
          </h1>
          <p className="text-sm text-muted-foreground sm:truncate">
            {t(`dashboard.sections.${section}.subtitle`)}
          </p>
        </div>
        <NotificationsButton />
        {/* On a phone the two creation buttons, with their words, get a row of their own. */}
        <div className="flex w-full gap-2 sm:w-auto">
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => onCreate('wizard')}
          >
            <Sparkles aria-hidden="true" />
            {t('dashboard.actions.wizard')}
          </Button>
          <Button variant="brand" className="flex-1 sm:flex-none" onClick={() => onCreate('quick')}>
            <Zap aria-hidden="true" />
            {t('dashboard.actions.quick')}
          </Button>
        </div>
      </div>
    </header>
  );
}
