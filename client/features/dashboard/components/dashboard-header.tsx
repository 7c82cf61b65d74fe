import { Menu, Sparkles, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import {
  headerSectionOf,
  type SectionId,
} from '@/features/dashboard/components/dashboard-sections';
import { NotificationsButton } from '@/features/dashboard/components/notifications-button';
import { SidebarContent } from '@/features/dashboard/components/sidebar';

/** What the header buttons open: 'Assistente' (wizard) or 'Criar Rápido' (quick dialog). */
export type CreationMode = 'wizard' | 'quick';

interface DashboardHeaderProps {
  section: SectionId;
  onSelectSection: (id: SectionId) => void;
  onCreate: (mode: CreationMode) => void;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export function DashboardHeader(props: DashboardHeaderProps) {
  const { section, onSelectSection, onCreate, menuOpen, onMenuOpenChange } = props;
  const { t } = useTranslation();
  const headerId = headerSectionOf(section);
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
      <div className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <Sheet open={menuOpen} onOpenChange={onMenuOpenChange}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden">
              <Menu aria-hidden="true" />
              <span className="sr-only">{t('dashboard.openMenu')}</span>
            </Button>
          </SheetTrigger>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle className="sr-only">{t('dashboard.navLabel')}</SheetTitle>
            <SidebarContent active={section} onSelect={onSelectSection} />
          </SheetContent>
        </Sheet>
        {/* On phones the title gets its own row below the menu and the actions. */}
        <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <h1 className="text-xl font-bold text-brand-navy sm:truncate sm:text-2xl">
            {t(`dashboard.sections.${headerId}.title`)}
          </h1>
          <p className="text-sm text-muted-foreground sm:truncate">
            {t(`dashboard.sections.${headerId}.subtitle`)}
          </p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <NotificationsButton />
          <Button variant="outline" onClick={() => onCreate('wizard')}>
            <Sparkles aria-hidden="true" />
            <span className="hidden sm:inline">{t('dashboard.actions.wizard')}</span>
            <span className="sr-only sm:hidden">{t('dashboard.actions.wizard')}</span>
          </Button>
          <Button variant="brand" onClick={() => onCreate('quick')}>
            <Zap aria-hidden="true" />
            <span className="hidden sm:inline">{t('dashboard.actions.quick')}</span>
            <span className="sr-only sm:hidden">{t('dashboard.actions.quick')}</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
