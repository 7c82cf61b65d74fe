import { AGENT_TEMPLATES, type AgentTemplate } from '@common/templates';
import { useTranslation } from 'react-i18next';
import { TemplateIcon } from '@/components/template-icon';
import { Badge } from '@/components/ui/badge';
import { TEMPLATE_CATEGORY_KEYS } from '@/lib/template-category';

/** Tab Templates: picking one fills the form (the dialog then switches to Básico). */
export function QuickTemplatesTab({ onPick }: { onPick: (template: AgentTemplate) => void }) {
  const { t } = useTranslation('agents');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('quick.templatesIntro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {AGENT_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              data-template={template.id}
              onClick={() => onPick(template)}
              className="flex h-full w-full gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none hover:border-brand-navy hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <TemplateIcon name={template.icon} className="size-9" />
              <span className="flex min-w-0 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium" lang="pt-BR">
                    {template.name}
                  </span>
                  <Badge variant="secondary">
                    {t(`templates.categories.${TEMPLATE_CATEGORY_KEYS[template.category]}`)}
                  </Badge>
                </span>
                <span className="line-clamp-2 text-xs text-muted-foreground" lang="pt-BR">
                  {template.description}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
