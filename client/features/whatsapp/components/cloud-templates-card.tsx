import type { WhatsappTemplateView } from '@common/schemas/whatsapp';
import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWhatsappTemplatesQuery } from '@/features/whatsapp/api/templates';
import { CloudTemplateForm } from '@/features/whatsapp/components/cloud-template-form';
import { bodyParts } from '@/features/whatsapp/lib/template-form';

const STATUS_LOOK: Record<string, string> = {
  PENDING: 'bg-yellow-100 text-yellow-800',
  APPROVED: 'bg-green-100 text-green-800',
  REJECTED: 'bg-red-100 text-red-800',
  PAUSED: 'bg-orange-100 text-orange-800',
  DISABLED: 'bg-gray-100 text-gray-700',
};
const STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'] as const;
type KnownStatus = (typeof STATUSES)[number];
const isKnownStatus = (status: string): status is KnownStatus =>
  (STATUSES as readonly string[]).includes(status);

/**
 * The official number's message templates (under the number's card): what Meta approved, what it
 * is reviewing, and a form to submit a new one. Outside the 24 hours after the customer's last
 * message only an approved template gets through.
 */
export function CloudTemplatesCard() {
  const { t } = useTranslation('whatsapp');
  const templates = useWhatsappTemplatesQuery();
  const [creating, setCreating] = useState(false);

  return (
    <section
      className="grid gap-4 rounded-lg border p-4"
      aria-labelledby="cloud-templates-title"
      data-testid="cloud-templates-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="cloud-templates-title" className="flex items-center gap-2 font-semibold">
          <FileText aria-hidden="true" className="size-5" />
          {t('templates.title')}
        </h3>
        {creating ? null : (
          <Button type="button" variant="outline" size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('templates.new')}
          </Button>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{t('templates.window')}</p>
      {creating ? <CloudTemplateForm onDone={() => setCreating(false)} /> : null}
      {templates.isPending ? (
        <Spinner label={t('templates.loading')} />
      ) : templates.isError ? (
        <ErrorAlert title={t('templates.loadError')} message={templates.error.message} />
      ) : templates.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="cloud-templates-empty">
          {t('templates.empty')}
        </p>
      ) : (
        <ul className="grid gap-3">
          {templates.data.map((template) => (
            <TemplateRow key={template.id} template={template} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TemplateRow({ template }: { template: WhatsappTemplateView }) {
  const { t } = useTranslation('whatsapp');
  const status = template.status;
  const category =
    template.category === 'UTILITY' || template.category === 'MARKETING'
      ? t(`templates.categories.${template.category}.label`)
      : template.category;
  return (
    <li
      className="grid gap-2 rounded-lg bg-muted/40 p-3 text-sm"
      data-testid="cloud-template"
      data-name={template.name}
      data-status={status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-mono text-xs">{template.name}</span>
        <Badge
          data-testid="cloud-template-status"
          className={`border-transparent ${STATUS_LOOK[status] ?? 'bg-gray-100 text-gray-700'}`}
        >
          {isKnownStatus(status) ? t(`templates.statuses.${status}`) : status}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">{category}</p>
      {status === 'REJECTED' && template.reason ? (
        <p className="text-xs text-destructive" data-testid="cloud-template-reason">
          {t('templates.reason', { reason: template.reason })}
        </p>
      ) : null}
      <p className="break-words whitespace-pre-wrap">
        {bodyParts(template.body).map((part, index) =>
          part.variable ? (
            <span
              key={index}
              className="mx-0.5 inline-block rounded bg-blue-100 px-1.5 font-mono text-xs text-blue-900"
            >
              {part.text}
            </span>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </li>
  );
}
