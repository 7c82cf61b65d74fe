import { agentTemplates, type AgentTemplate } from '@common/templates';
import { useTranslation } from 'react-i18next';
import { TemplateIcon } from '@/components/template-icon';

/** The small-business templates the offer shows (the gallery's first ones). */
const OFFERED = 8;

/**
 * Step 1 of the wizard offers the templates (the checklist's 'Criar meu agente' opened a
 * wizard without them): picking one leaves the wizard for the template's short form.
 */
export function WizardTemplatesOffer({ onPick }: { onPick: (template: AgentTemplate) => void }) {
  const { t, i18n } = useTranslation('agents');
  const templates = agentTemplates(i18n.language).slice(0, OFFERED);
  return (
    <section
      aria-labelledby="wizard-templates-title"
      className="grid gap-2 rounded-lg border bg-muted/40 p-3"
    >
      <div>
        <h3 id="wizard-templates-title" className="font-medium">
          {t('wizard.templatesOffer.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('wizard.templatesOffer.description')}</p>
      </div>
      <ul aria-label={t('wizard.templatesOffer.label')} className="flex flex-wrap gap-2">
        {templates.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              data-template={template.id}
              onClick={() => onPick(template)}
              className="flex items-center gap-2 rounded-md border bg-card px-2 py-1 text-sm transition-colors outline-none hover:border-brand-navy focus-visible:ring-2 focus-visible:ring-ring"
            >
              <TemplateIcon name={template.icon} className="size-6" />
              {template.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
