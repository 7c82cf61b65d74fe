import { agentTemplates, templateCategories, type AgentTemplate } from '@common/templates';
import { SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TemplateCard } from '@/features/templates/components/template-card';
import { TemplateFilters } from '@/features/templates/components/template-filters';
import { TemplatePreviewDialog } from '@/features/templates/components/template-preview-dialog';
import { TemplateStats } from '@/features/templates/components/template-stats';
import { ALL_CATEGORIES, filterTemplates } from '@/features/templates/lib/filter-templates';

interface TemplatesSectionProps {
  /** 'Usar Template': the app opens the quick creation dialog filled with it. */
  onUseTemplate: (template: AgentTemplate) => void;
}

/** Section "templates": the gallery of built-in agent templates. */
export function TemplatesSection({ onUseTemplate }: TemplatesSectionProps) {
  const { t, i18n } = useTranslation('agents');
  const templates = useMemo(() => agentTemplates(i18n.language), [i18n.language]);
  const categories = useMemo(() => templateCategories(templates), [templates]);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [preview, setPreview] = useState<AgentTemplate | null>(null);
  const visible = filterTemplates(templates, search, category);

  function clearFilters() {
    setSearch('');
    setCategory(ALL_CATEGORIES);
  }

  return (
    <section aria-labelledby="templates-title" className="flex flex-col gap-6">
      <div>
        <h2 id="templates-title" className="text-2xl font-bold text-brand-navy">
          {t('templates.title')}
        </h2>
        <p className="text-muted-foreground">{t('templates.subtitle')}</p>
      </div>
      <TemplateStats templates={templates.length} categories={categories.length} />
      <TemplateFilters
        categories={categories}
        search={search}
        category={category}
        onSearchChange={setSearch}
        onCategoryChange={setCategory}
      />
      {visible.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-16 text-center">
          <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
          <h3 className="text-lg font-semibold text-brand-navy">{t('templates.emptyTitle')}</h3>
          <p className="text-muted-foreground">{t('templates.emptyDescription')}</p>
          <Button variant="outline" onClick={clearFilters}>
            {t('templates.clearFilters')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onPreview={() => setPreview(template)}
              onUse={() => onUseTemplate(template)}
            />
          ))}
        </div>
      )}
      <TemplatePreviewDialog
        template={preview}
        onOpenChange={(open) => {
          if (!open) setPreview(null);
        }}
      />
    </section>
  );
}
