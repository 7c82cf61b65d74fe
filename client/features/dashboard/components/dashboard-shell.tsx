import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DashboardHeader,
  type CreationMode,
} from '@/features/dashboard/components/dashboard-header';
import { SECTION_IDS, type SectionId } from '@/features/dashboard/components/dashboard-sections';
import { Sidebar } from '@/features/dashboard/components/sidebar';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readDashboardSection, rememberDashboardSection } from '@/lib/dashboard-location';

/**
 * The section in view, with the agent it was opened for ('Testar' hands one to testing) or the
 * conversation (the home's Conversas card opens one).
 */
export interface SectionView {
  section: SectionId;
  agentId?: number | undefined;
  conversationId?: number | undefined;
}

export type OpenSection = (
  section: SectionId,
  options?: { agentId?: number; conversationId?: number },
) => void;

interface DashboardShellProps {
  /** The app composes each section's content from the features. */
  renderSection: (view: SectionView, open: OpenSection) => ReactNode;
  onCreate: (mode: CreationMode) => void;
  /** dialogs that may open a section (the plan limit's 'Mudar de plano' opens Settings) */
  renderDialogs?: (open: OpenSection) => ReactNode;
}

function initialView(): SectionView {
  const remembered = readDashboardSection();
  const section = SECTION_IDS.find((id) => id === remembered) ?? 'dashboard';
  return { section };
}

/** The signed-in area: fixed sidebar, section header and the current section's content. */
export function DashboardShell({ renderSection, onCreate, renderDialogs }: DashboardShellProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<SectionView>(initialView);
  const [menuOpen, setMenuOpen] = useState(false);
  useDocumentTitle(t(`dashboard.sections.${view.section}.label`));
  useEffect(() => rememberDashboardSection(view.section), [view.section]);

  const open: OpenSection = (section, options) => {
    setView({ section, agentId: options?.agentId, conversationId: options?.conversationId });
    setMenuOpen(false);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="min-h-screen bg-muted/50">
      <Sidebar active={view.section} onSelect={(id) => open(id)} />
      <div className="md:pl-64">
        <DashboardHeader
          section={view.section}
          onSelectSection={(id) => open(id)}
          onOpen={open}
          onCreate={onCreate}
          menuOpen={menuOpen}
          onMenuOpenChange={setMenuOpen}
        />
        <main className="flex flex-col gap-6 p-4 sm:p-6">{renderSection(view, open)}</main>
      </div>
      {renderDialogs?.(open)}
    </div>
  );
}
