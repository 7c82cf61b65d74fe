import { Braces, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateWhatsappTemplateMutation } from '@/features/whatsapp/api/templates';
import {
  EMPTY_TEMPLATE_VALUES,
  examplesFor,
  insertAt,
  nextVariable,
  readTemplateForm,
  technicalName,
  variableNumbers,
  type TemplateFormErrors,
  type TemplateFormValues,
} from '@/features/whatsapp/lib/template-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { i18n } from '@/lib/i18n';

const CATEGORIES = ['UTILITY', 'MARKETING'] as const;
const MESSAGE_KEY = /^[a-z]+(\.[A-Za-z]+)+$/;

/**
 * 'Novo modelo': a friendly title (the technical name is derived from it), the category, the
 * text with its variables and one example for each. Checked by the shared schema, then submitted
 * to Meta for review. Inside the editor's own form: this is not a <form>, so it submits by hand.
 */
export function CloudTemplateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('whatsapp');
  const id = useId();
  const create = useCreateWhatsappTemplateMutation();
  const [values, setValues] = useState<TemplateFormValues>(EMPTY_TEMPLATE_VALUES);
  const [errors, setErrors] = useState<TemplateFormErrors>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const name = technicalName(values.title);
  const variables = variableNumbers(values.body);
  const fieldId = (field: string) => `${id}-${field}`;

  // After "Inserir variável" the caret lands right after the variable it added.
  useEffect(() => {
    if (caret.current === null || !bodyRef.current) return;
    bodyRef.current.focus();
    bodyRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [values.body]);

  /** A message of the `errors` catalogue, or the server's text; a key it lacks reads generically. */
  const message = (text: string | undefined) => {
    if (!text) return undefined;
    if (i18n.exists(text, { ns: 'errors' })) return text;
    return MESSAGE_KEY.test(text) ? t('templates.form.fieldFallback') : text;
  };

  const setBody = (body: string) =>
    setValues((v) => ({ ...v, body, examples: examplesFor(body, v.examples) }));

  const insertVariable = () => {
    const area = bodyRef.current;
    const start = area?.selectionStart ?? values.body.length;
    const end = area?.selectionEnd ?? values.body.length;
    const next = insertAt(values.body, start, end, nextVariable(values.body));
    caret.current = next.caret;
    setBody(next.body);
  };

  const submit = async () => {
    const read = readTemplateForm(values);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(read.body);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const placed: TemplateFormErrors = {};
      for (const [field, list] of Object.entries(fields)) {
        if (list[0]) placed[field as keyof TemplateFormErrors] = list[0];
      }
      if (Object.keys(placed).length > 0) {
        setErrors(placed);
      } else {
        toast({
          variant: 'destructive',
          title: t('templates.toasts.failed'),
          description: errorMessage(error, t('cloud.toasts.connectFailedFallback')),
        });
      }
      return;
    }
    toast({
      title: t('templates.toasts.sent'),
      description: t('templates.toasts.sentDescription'),
    });
    setValues(EMPTY_TEMPLATE_VALUES);
    onDone();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    }
  };

  const nameError = message(errors.name);
  const bodyError = message(errors.body);
  const examplesError = message(errors.examples);

  return (
    <div
      className="grid gap-4 rounded-lg border bg-background p-4"
      data-testid="cloud-template-form"
    >
      <h4 className="font-medium">{t('templates.form.title')}</h4>
      <LabelledField
        htmlFor={fieldId('title')}
        label={t('templates.form.name')}
        hint={
          <span data-testid="cloud-template-technical-name">
            {t('templates.form.technicalName', { name: name || '—' })}
          </span>
        }
        error={nameError}
      >
        <Input
          {...fieldA11y(fieldId('title'), nameError)}
          value={values.title}
          maxLength={200}
          placeholder={t('templates.form.namePlaceholder')}
          onKeyDown={onKeyDown}
          onChange={(event) => setValues((v) => ({ ...v, title: event.target.value }))}
        />
      </LabelledField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('templates.form.category')}</legend>
        {CATEGORIES.map((category) => (
          <label key={category} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={fieldId('category')}
              className="mt-1"
              checked={values.category === category}
              onChange={() => setValues((v) => ({ ...v, category }))}
            />
            <span>
              <span className="font-medium">{t(`templates.categories.${category}.label`)}</span>
              <span className="block text-muted-foreground">
                {t(`templates.categories.${category}.description`)}
              </span>
            </span>
          </label>
        ))}
        {errors.category ? (
          <p className="text-sm font-medium text-destructive">{message(errors.category)}</p>
        ) : null}
      </fieldset>
      <LabelledField
        htmlFor={fieldId('body')}
        label={t('templates.form.body')}
        hint={t('templates.form.bodyHint', { example: '{{1}}' })}
        error={bodyError}
      >
        <Textarea
          {...fieldA11y(fieldId('body'), bodyError)}
          ref={bodyRef}
          rows={4}
          maxLength={1024}
          placeholder={t('templates.form.bodyPlaceholder', { one: '{{1}}', two: '{{2}}' })}
          value={values.body}
          onChange={(event) => setBody(event.target.value)}
        />
      </LabelledField>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={insertVariable}>
          <Braces aria-hidden="true" />
          {t('templates.form.insertVariable')}
        </Button>
      </div>
      {variables.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {values.examples.map((example, index) => {
            const error = message(errors[`examples.${index}`]);
            return (
              <LabelledField
                key={index}
                htmlFor={fieldId(`example-${index}`)}
                label={t('templates.form.example', { variable: `{{${index + 1}}}` })}
                error={error}
              >
                <Input
                  {...fieldA11y(fieldId(`example-${index}`), error)}
                  value={example}
                  maxLength={200}
                  onKeyDown={onKeyDown}
                  onChange={(event) =>
                    setValues((v) => ({
                      ...v,
                      examples: v.examples.map((e, i) => (i === index ? event.target.value : e)),
                    }))
                  }
                />
              </LabelledField>
            );
          })}
        </div>
      ) : null}
      {variables.length > 0 ? (
        <p className="text-xs text-muted-foreground">{t('templates.form.examplesHint')}</p>
      ) : null}
      {examplesError ? (
        <p className="text-sm font-medium text-destructive">{examplesError}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void submit()} disabled={create.isPending}>
          <Send aria-hidden="true" />
          {create.isPending ? t('templates.form.submitting') : t('templates.form.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={create.isPending}>
          {t('templates.form.cancel')}
        </Button>
      </div>
    </div>
  );
}
