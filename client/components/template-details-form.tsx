import type { TemplateDetails } from '@common/schemas/appointments';
import { partHoursValid, WEEK_PARTS, weekWindows } from '@common/template-hours';
import {
  fillTemplate,
  TEMPLATE_FIELD_MAX,
  type AgentTemplate,
  type TemplateFieldValues,
} from '@common/templates';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import {
  emptyWeekRows,
  TemplateWeekHours,
  weekOfRows,
  type WeekRows,
} from '@/components/template-week-hours';
import { Button } from '@/components/ui/button';

interface TemplateDetailsFormProps {
  template: AgentTemplate;
  /**
   * the template with the answers in place and no placeholder left, and what the agent's booking
   * settings take from them (the business's name, the week's hours) once it exists
   */
  onSubmit: (filled: AgentTemplate, details: TemplateDetails) => void;
  onBack: () => void;
  submitLabel: string;
  backLabel: string;
  pending?: boolean;
}

/**
 * The one short form a template asks before it is used: the business details its
 * texts need, and the week's hours for a template that tells them. An answer left blank takes the
 * sentence that needed it away (fillTemplate), so no `[placeholder]` is left for a customer to read.
 */
export function TemplateDetailsForm(props: TemplateDetailsFormProps) {
  const { template, onSubmit, onBack, submitLabel, backLabel, pending = false } = props;
  const { t } = useTranslation('agents');
  const form = useForm<TemplateFieldValues>({ defaultValues: {} });
  const [rows, setRows] = useState<WeekRows>(emptyWeekRows);
  const [invalid, setInvalid] = useState<(typeof WEEK_PARTS)[number][]>([]);
  const submit = form.handleSubmit((values) => {
    const week = template.hours ? weekOfRows(rows) : {};
    const wrong = WEEK_PARTS.filter((part) => week[part] && !partHoursValid(week[part]));
    setInvalid(wrong);
    if (wrong.length > 0) return;
    const weekly = weekWindows(week);
    const businessName = values.businessName?.trim();
    onSubmit(fillTemplate(template, values, week), {
      ...(businessName ? { businessName } : {}),
      ...(weekly.length > 0 ? { weekly } : {}),
    });
  });
  return (
    <form
      noValidate
      aria-label={t('templates.details.formLabel', { name: template.name })}
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
    >
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold text-brand-navy">{t('templates.details.title')}</h3>
        <p className="text-sm text-muted-foreground">{t('templates.details.description')}</p>
      </div>
      {template.fields.map((field, index) => (
        <FormField
          key={field.id}
          label={t(`templates.fields.${field.id}.label`)}
          placeholder={t(`templates.fields.${field.id}.example`)}
          maxLength={TEMPLATE_FIELD_MAX}
          autoFocus={index === 0}
          {...form.register(field.id)}
        />
      ))}
      {template.hours ? (
        <TemplateWeekHours rows={rows} onChange={setRows} invalid={invalid} />
      ) : null}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack}>
          {backLabel}
        </Button>
        <Button type="submit" variant="brand" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
