import { Menu, Sparkles, Zap } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { NotificationsButton } from '@/features/dashboard/components/notifications-button';
import type { SectionId } from '@/lib/dashboard-paths';
import { lazyWithCatalogues } from '@/lib/lazy-with-catalogues';

const { Component: MenuSheet, preload: fetchMenu } = lazyWithCatalogues(
  async () => (await import('@/features/dashboard/components/menu-sheet')).MenuSheet,
  [],
);
const preloadMenu = () => {
  fetchMenu().catch(() => {
    // preloading is best effort: the opening fetches again
  });
};

/** What the header buttons open: 'Assistente' (wizard) or 'Criar Rápido' (quick dialog). */
export type CreationMode = 'wizard' | 'quick';

interface DashboardHeaderProps {
  section: SectionId;
  onCreate: (mode: CreationMode) => void;
  /** the owner points at or focuses a creation button: its form may be fetched ahead */
  onCreateIntent?: ((mode: CreationMode) => void) | undefined;
  onSectionIntent?: ((section: SectionId) => void) | undefined;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

export function DashboardHeader(props: DashboardHeaderProps) {
  const { section, onCreate, onCreateIntent, onSectionIntent, menuOpen, onMenuOpenChange } = props;
  const { t } = useTranslation();
  // The phone's menu (a Radix dialog) comes with its first opening; until then, its button.
  const [menuLoaded, setMenuLoaded] = useState(menuOpen);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-haspopup="dialog"
      aria-expanded={menuOpen}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={menuLoaded ? undefined : () => onMenuOpenChange(true)}
    >
      <Menu aria-hidden="true" />
      <span className="sr-only">{t('dashboard.openMenu')}</span>
    </Button>
  );
  const menuButton = menuLoaded ? (
    <Suspense fallback={button}>
      <MenuSheet
        open={menuOpen}
        onOpenChange={onMenuOpenChange}
        trigger={button}
        active={section}
        onIntent={onSectionIntent}
      />
    </Suspense>
  ) : (
    button
  );
  return (
    // Sticky only from the tablet width up: on a phone the header's two rows would take a sixth of
    // the screen from every section.
    <header className="top-0 z-20 border-b bg-background/95 backdrop-blur sm:sticky">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        {menuButton}
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
            onPointerEnter={() => onCreateIntent?.('wizard')}
            onFocus={() => onCreateIntent?.('wizard')}
          >
            <Sparkles aria-hidden="true" />
            {t('dashboard.actions.wizard')}
          </Button>
          <Button
            variant="brand"
            className="flex-1 sm:flex-none"
            onClick={() => onCreate('quick')}
            onPointerEnter={() => onCreateIntent?.('quick')}
            onFocus={() => onCreateIntent?.('quick')}
          >
            <Zap aria-hidden="true" />
            {t('dashboard.actions.quick')}
          </Button>
        </div>
      </div>
    </header>
  );
}
