import { useTranslation } from 'react-i18next';
import { SECTION_ICONS, type SectionId } from '@/features/dashboard/components/dashboard-sections';

/** Sections whose feature is not built yet. */
export type PendingSectionId = Extract<SectionId, 'whatsapp' | 'whatsapp-test' | 'evolution'>;

/** What a section will hold, said plainly, until the feature behind it is built. */
export function SectionEmptyState({ section }: { section: PendingSectionId }) {
  const { t } = useTranslation();
  const Icon = SECTION_ICONS[section];
  return (
    <section
      data-testid="section-empty-state"
      aria-labelledby={`empty-${section}`}
      className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-16 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-brand-navy">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 id={`empty-${section}`} className="text-lg font-semibold text-brand-navy">
        {t(`dashboard.empty.${section}.title`)}
      </h2>
      <p className="max-w-xl text-muted-foreground">
        {t(`dashboard.empty.${section}.description`)}
      </p>
    </section>
  );
}
