import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreationUnavailableDialog,
  type CreationMode,
} from '@/features/dashboard/components/creation-unavailable-dialog';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import type { SectionId } from '@/features/dashboard/components/dashboard-sections';
import { SectionEmptyState } from '@/features/dashboard/components/section-empty-state';
import { Sidebar } from '@/features/dashboard/components/sidebar';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth/auth-provider';

/** The signed-in area: fixed sidebar, section header and the current section's content. */
export function DashboardShell() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [section, setSection] = useState<SectionId>('dashboard');
  const [menuOpen, setMenuOpen] = useState(false);
  const [creation, setCreation] = useState<CreationMode | null>(null);
  useDocumentTitle(t(`dashboard.sections.${section}.label`));

  function selectSection(id: SectionId) {
    setSection(id);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-screen bg-muted/50">
      <Sidebar active={section} onSelect={selectSection} />
      <div className="md:pl-64">
        <DashboardHeader
          section={section}
          onSelectSection={selectSection}
          onCreate={setCreation}
          menuOpen={menuOpen}
          onMenuOpenChange={setMenuOpen}
        />
        <main className="flex flex-col gap-6 p-4 sm:p-6">
          {section === 'dashboard' && user ? (
            <p className="text-lg font-semibold text-brand-navy" data-testid="welcome">
              {t('dashboard.welcome', { name: user.name })}
            </p>
          ) : null}
          <SectionEmptyState section={section} />
        </main>
      </div>
      <CreationUnavailableDialog
        mode={creation}
        onOpenChange={(open) => {
          if (!open) setCreation(null);
        }}
      />
    </div>
  );
}
