import type { TemplateCategory } from '@common/templates';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OptionsSelect } from '@/components/options-select';
import { Input } from '@/components/ui/input';
import { ALL_CATEGORIES } from '@/features/templates/lib/filter-templates';
import { cn } from '@/lib/utils';
import { TEMPLATE_CATEGORY_KEYS } from '@/lib/template-category';

/** The quick chips show the first 4 categories. */
const CHIP_CATEGORIES = 4;

interface TemplateFiltersProps {
  categories: readonly TemplateCategory[];
  search: string;
  category: string;
  onSearchChange: (search: string) => void;
  onCategoryChange: (category: string) => void;
}

export function TemplateFilters(props: TemplateFiltersProps) {
  const { categories, search, category, onSearchChange, onCategoryChange } = props;
  const { t } = useTranslation('agents');
  const chips = [ALL_CATEGORIES, ...categories.slice(0, CHIP_CATEGORIES)];
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t('templates.search')}
            placeholder={t('templates.searchPlaceholder')}
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <OptionsSelect
          id="template-category"
          aria-label={t('templates.category')}
          className="sm:w-60"
          value={category}
          onValueChange={onCategoryChange}
          options={[
            { value: ALL_CATEGORIES, label: t('templates.allCategories') },
            ...categories.map((value) => ({
              value,
              label: t(`templates.categories.${TEMPLATE_CATEGORY_KEYS[value]}`),
            })),
          ]}
        />
      </div>
      <div role="group" aria-label={t('templates.chipsLabel')} className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const active = chip === category;
          return (
            <button
              key={chip}
              type="button"
              aria-pressed={active}
              onClick={() => onCategoryChange(chip)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                active
                  ? 'border-brand-navy bg-brand-navy text-white'
                  : 'bg-background hover:bg-muted',
              )}
            >
              {chip === ALL_CATEGORIES
                ? t('templates.all')
                : t(`templates.categories.${TEMPLATE_CATEGORY_KEYS[chip as TemplateCategory]}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
