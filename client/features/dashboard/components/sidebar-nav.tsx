import { useTranslation } from 'react-i18next';
import {
  SECTION_ICONS,
  SECTION_IDS,
  type SectionId,
} from '@/features/dashboard/components/dashboard-sections';
import { cn } from '@/lib/utils';

interface SidebarNavProps {
  active: SectionId;
  onSelect: (id: SectionId) => void;
}

export function SidebarNav({ active, onSelect }: SidebarNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.navLabel')} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        {SECTION_IDS.map((id) => {
          const Icon = SECTION_ICONS[id];
          const current = id === active;
          return (
            <li key={id}>
              <button
                type="button"
                data-section={id}
                aria-current={current ? 'page' : undefined}
                onClick={() => onSelect(id)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-lime',
                  current
                    ? 'bg-brand-lime text-brand-navy'
                    : 'text-white/80 hover:bg-white/10 hover:text-white',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {t(`dashboard.sections.${id}.label`)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
