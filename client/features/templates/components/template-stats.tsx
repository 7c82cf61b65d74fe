import { Layers, LayoutTemplate, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';

interface TemplateStatsProps {
  templates: number;
  categories: number;
}

/** Number of templates, number of categories and '100% customizável'. */
export function TemplateStats({ templates, categories }: TemplateStatsProps) {
  const { t } = useTranslation('agents');
  const stats: { id: string; icon: LucideIcon; value: string; label: string }[] = [
    {
      id: 'templates',
      icon: LayoutTemplate,
      value: String(templates),
      label: t('templates.stats.templates'),
    },
    {
      id: 'categories',
      icon: Layers,
      value: String(categories),
      label: t('templates.stats.categories'),
    },
    {
      id: 'customizable',
      icon: Sparkles,
      value: t('templates.stats.customizable'),
      label: t('templates.stats.customizableHint'),
    },
  ];
  return (
    <ul aria-label={t('templates.stats.label')} className="grid gap-4 sm:grid-cols-3">
      {stats.map(({ id, icon: Icon, value, label }) => (
        <li key={id}>
          <Card className="flex items-center gap-4 p-4" data-testid={`template-stat-${id}`}>
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-lime text-brand-navy">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <p className="text-xl font-bold text-brand-navy">{value}</p>
              <p className="text-sm text-muted-foreground">{label}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
