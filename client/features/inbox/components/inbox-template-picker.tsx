import type { InboxTemplateOption } from '@common/schemas/inbox';
import { Clock, SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useSendInboxTemplate } from '@/features/inbox/api/send-inbox-template';
import {
  TEMPLATE_PARAM_MAX,
  templateParamProblems,
  templateParams,
  templatePreview,
} from '@/features/inbox/lib/template';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

interface InboxTemplatePickerProps {
  conversationId: number;
  agentId: number;
  templates: InboxTemplateOption[];
}

/**
 * In place of the composer once the customer's 24 hours have passed on the official line: the
 * owner picks one of the number's approved templates, fills its variables (the preview reads as
 * the customer will) and sends it. The composer's draft stays kept for when the customer writes.
 * Keyed by the conversation where it is used.
 */
export function InboxTemplatePicker({
  conversationId,
  agentId,
  templates,
}: InboxTemplatePickerProps) {
  const { t } = useTranslation('inbox');
  const send = useSendInboxTemplate(conversationId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const ids = { select: useId(), preview: useId(), vars: useId() };
  // The chosen one, or the first when none was chosen (or the chosen one is no longer approved).
  const template = templates.find((item) => item.id === chosenId) ?? templates[0];

  const notice = (
    <Alert data-testid="inbox-window-closed">
      <Clock aria-hidden="true" />
      <AlertDescription>{t('template.windowClosed')}</AlertDescription>
    </Alert>
  );

  if (!template) {
    return (
      <div className="grid gap-2 border-t pt-3" data-testid="inbox-template-picker">
        {notice}
        <p className="text-sm" data-testid="inbox-template-none">
          {t('template.none')}{' '}
          <Link
            href={`/agents/${agentId}/edit?tab=whatsapp`}
            className="font-medium underline underline-offset-4"
          >
            {t('template.create')}
          </Link>
        </p>
      </div>
    );
  }

  const problems = templateParamProblems(template, values);
  const problemText = (index: number): string | null => {
    const server = serverErrors[index];
    if (server) return server;
    if (!tried) return null;
    const problem = problems[index];
    if (problem === 'required') return t('template.paramRequired');
    if (problem === 'tooLong') return t('template.paramTooLong', { max: TEMPLATE_PARAM_MAX });
    return null;
  };

  const choose = (value: string) => {
    setChosenId(Number(value));
    setValues([]);
    setTried(false);
    setServerErrors({});
  };
  const type = (index: number, value: string) => {
    setValues((current) => {
      const next = [...current];
      next[index] = value;
      return next;
    });
    setServerErrors(({ [index]: _dropped, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    setTried(true);
    setServerErrors({});
    if (problems.some((problem) => problem !== null)) return;
    try {
      await send.mutateAsync({
        templateId: template!.id,
        params: templateParams(template!, values),
      });
      setValues([]);
      setTried(false);
    } catch (error) {
      const fields = paramErrors(error);
      if (Object.keys(fields).length > 0) {
        setServerErrors(fields);
        return;
      }
      toast({
        variant: 'destructive',
        title: t('template.sendFailed'),
        description: errorMessage(error, t('template.sendFailed')),
      });
    }
  }

  return (
    <form
      className="grid gap-3 border-t pt-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="inbox-template-picker"
    >
      {notice}
      <div className="grid gap-2">
        <Label htmlFor={ids.select}>{t('template.label')}</Label>
        <NativeSelect
          id={ids.select}
          value={template.id}
          onChange={(event) => choose(event.target.value)}
          disabled={send.isPending}
        >
          {templates.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <p id={ids.preview} className="text-sm font-medium">
          {t('template.preview')}
        </p>
        <p
          className="rounded-md border bg-muted/50 p-3 text-sm whitespace-pre-wrap"
          aria-labelledby={ids.preview}
          data-testid="inbox-template-preview"
        >
          {templatePreview(template, values)}
        </p>
      </div>
      {template.variables > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {Array.from({ length: template.variables }, (_, index) => {
            const id = `${ids.vars}-${index}`;
            const problem = problemText(index);
            return (
              <div key={`${template.id}-${index}`} className="grid gap-2">
                <Label htmlFor={id}>{t('template.variable', { n: index + 1 })}</Label>
                <Input
                  id={id}
                  value={values[index] ?? ''}
                  onChange={(event) => type(index, event.target.value)}
                  placeholder={template.examples[index] ?? ''}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  disabled={send.isPending}
                />
                {problem ? (
                  <p id={`${id}-error`} className="text-xs font-medium text-destructive">
                    {problem}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{t('template.hint')}</p>
        <Button type="submit" size="sm" disabled={send.isPending}>
          <SendHorizontal aria-hidden="true" />
          {send.isPending ? t('template.sending') : t('template.send')}
        </Button>
      </div>
    </form>
  );
}

/** The server's refusal of single variables (`params.N`), by the variable's index. */
function paramErrors(error: unknown): Record<number, string> {
  const found: Record<number, string> = {};
  if (!(error instanceof ApiError)) return found;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const match = /^params\.(\d+)$/.exec(field);
    if (match && messages[0]) found[Number(match[1])] = messages[0];
  }
  return found;
}
