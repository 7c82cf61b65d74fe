import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  DashboardHeader,
  type CreationMode,
} from '@/features/dashboard/components/dashboard-header';
import { Sidebar } from '@/features/dashboard/components/sidebar';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  sectionOfPath,
  sectionOptionsOf,
  sectionPath,
  type SectionId,
  type SectionOptions,
} from '@/lib/dashboard-paths';

/**
 * The section in view, read from the path, with what its query says it was opened on: the agent
 * under test ('Testar' hands one to testing), the open conversation.
 */
export interface SectionView extends SectionOptions {
  section: SectionId;
}

/** Opens a section: goes to its path (a history entry of its own). */
export type OpenSection = (section: SectionId, options?: SectionOptions) => void;

interface DashboardShellProps {
  /** The app composes each section's content from the features. */
  renderSection: (view: SectionView, open: OpenSection) => ReactNode;
  onCreate: (mode: CreationMode) => void;
  /** a creation button is pointed at or focused (its form may be fetched ahead) */
  onCreateIntent?: (mode: CreationMode) => void;
  /** a section's link is pointed at or focused (its code may be fetched ahead) */
  onSectionIntent?: (section: SectionId) => void;
  /** dialogs that may open a section (the plan limit's 'Mudar de plano' opens Settings) */
  renderDialogs?: (open: OpenSection) => ReactNode;
}

/** The signed-in area: fixed sidebar, section header and the current section's content. */
export function DashboardShell(props: DashboardShellProps) {
  const { renderSection, onCreate, onCreateIntent, onSectionIntent, renderDialogs } = props;
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const search = useSearch();
  // The router sends only the sections' paths here (app/router.tsx).
  const section = sectionOfPath(location) ?? 'dashboard';
  const view: SectionView = { section, ...sectionOptionsOf(search) };
  const [menuOpen, setMenuOpen] = useState(false);
  useDocumentTitle(t(`dashboard.sections.${section}.label`));
  // Another section opens at its top, however it was reached (a link, a button, Back). The
  // phone's menu closes on the link chosen in it (dashboard-header.tsx).
  // (In braces: Chromium's scroll methods return a promise, and React would take a returned value
  // for a clean-up function.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [section]);

  const open: OpenSection = (id, options) => {
    setMenuOpen(false);
    navigate(sectionPath(id, options));
  };

  return (
    <div className="min-h-screen bg-muted/50">
      <Sidebar active={section} onIntent={onSectionIntent} />
      <div className="md:pl-64">
        <DashboardHeader
          section={section}
          onCreate={onCreate}
          onCreateIntent={onCreateIntent}
          onSectionIntent={onSectionIntent}
          menuOpen={menuOpen}
          onMenuOpenChange={setMenuOpen}
        />
        <main className="flex flex-col gap-6 p-4 sm:p-6">{renderSection(view, open)}</main>
      </div>
      {renderDialogs?.(open)}
    </div>
  );
}
