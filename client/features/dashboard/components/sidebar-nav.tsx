import { ChevronDown, Wrench } from 'lucide-react';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SECTION_ICONS } from '@/features/dashboard/components/dashboard-sections';
import {
  ADVANCED_SECTION_IDS,
  isAdvancedSection,
  SECTION_IDS,
  sectionPath,
  type SectionId,
} from '@/lib/dashboard-paths';
import { cn } from '@/lib/utils';

export interface SidebarNavProps {
  /** the section in view (the editor's sidebar marks Agentes) */
  active: SectionId;
  /**
   * Takes a plain click over, to ask first (the editor's unsaved changes); a click with a
   * modifier still opens the link in a new tab.
   */
  onNavigate?: ((path: string) => void) | undefined;
  /** a link is pointed at or focused: its section's code may be fetched ahead */
  onIntent?: ((id: SectionId) => void) | undefined;
}

const OWNER_SECTION_IDS = SECTION_IDS.filter((id) => !isAdvancedSection(id));

/**
 * The sections as links, each to its path; the integrators' tools under 'Avançado', folded until
 * the owner opens it (open while one of them is in view).
 */
export function SidebarNav({ active, onNavigate, onIntent }: SidebarNavProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const activeInside = isAdvancedSection(active);
  const [advancedOpen, setAdvancedOpen] = useState(activeInside);
  const [wasInside, setWasInside] = useState(activeInside);
  if (activeInside !== wasInside) {
    // Opening an advanced tool from elsewhere (a link, Back) unfolds its group.
    setWasInside(activeInside);
    if (activeInside) setAdvancedOpen(true);
  }
  const item = (id: SectionId) => (
    <li key={id}>
      <SectionLink id={id} current={id === active} onNavigate={onNavigate} onIntent={onIntent} />
    </li>
  );
  return (
    <nav aria-label={t('dashboard.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">{OWNER_SECTION_IDS.map(item)}</ul>
      <div className="mt-4 border-t border-white/10 pt-4">
        <button
          type="button"
          aria-expanded={advancedOpen}
          aria-controls={groupId}
          data-testid="sidebar-advanced"
          onClick={() => setAdvancedOpen((open) => !open)}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-xs font-semibold text-white/70 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-lime"
        >
          <Wrench aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">{t('dashboard.advanced.label')}</span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', advancedOpen && 'rotate-180')}
          />
        </button>
        {advancedOpen ? (
          <ul id={groupId} className="mt-1 flex flex-col gap-1">
            {ADVANCED_SECTION_IDS.map(item)}
          </ul>
        ) : null}
      </div>
    </nav>
  );
}

function SectionLink({
  id,
  current,
  onNavigate,
  onIntent,
}: {
  id: SectionId;
  current: boolean;
  onNavigate: SidebarNavProps['onNavigate'];
  onIntent: SidebarNavProps['onIntent'];
}) {
  const { t } = useTranslation();
  const Icon = SECTION_ICONS[id];
  const path = sectionPath(id);
  const onClick = onNavigate
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onNavigate(path);
      }
    : undefined;
  return (
    <Link
      href={path}
      data-section={id}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      onPointerEnter={onIntent && (() => onIntent(id))}
      onFocus={onIntent && (() => onIntent(id))}
      className={cn(
        'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-lime',
        current
          ? 'bg-brand-lime text-brand-navy'
          : 'text-white/80 hover:bg-white/10 hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {t(`dashboard.sections.${id}.label`)}
    </Link>
  );
}
