import { zodResolver } from '@hookform/resolvers/zod';
import {
  UNANSWERED_ANSWER_MAX,
  unansweredAnswerSchema,
  type UnansweredGroup,
} from '@common/schemas/analytics';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useAnswerUnansweredMutation } from '@/features/unanswered/api/answer-unanswered';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

type AnswerInput = z.input<typeof unansweredAnswerSchema>;
type AnswerValues = z.output<typeof unansweredAnswerSchema>;

interface AnswerDialogProps {
  group: UnansweredGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Responder e ensinar': the customer's question and the owner's answer, which the agent learns. */
export function AnswerDialog({ group, open, onOpenChange }: AnswerDialogProps) {
  const { t } = useTranslation('unanswered');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>
            {t('dialog.description', { agent: group.agentName })}
          </DialogDescription>
        </DialogHeader>
        {open ? <AnswerForm group={group} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AnswerForm({ group, onDone }: { group: UnansweredGroup; onDone: () => void }) {
  const { t } = useTranslation('unanswered');
  const save = useAnswerUnansweredMutation(group.id);
  const form = useForm<AnswerInput, unknown, AnswerValues>({
    resolver: zodResolver(unansweredAnswerSchema),
    defaultValues: { answer: '' },
  });
  const { errors } = form.formState;
  const fieldError = errors.answer?.message;

  // mutateAsync, not mutate's callbacks: the saved group leaves the list at once, and this form
  // with it, and a mutate callback never runs once its component is gone.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      // The dialog stays open with what was typed; one message, on the field when it is about it.
      reportSubmitError(error, form, ['answer'], () =>
        form.setError('root.server', {
          message: errorMessage(error, t('dialog.networkError')),
        }),
      );
      return;
    }
    toast({ title: t('dialog.saved') });
    onDone();
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <figure className="grid gap-1">
        <figcaption className="text-xs font-medium text-muted-foreground">
          {group.origins.includes('customer') ? t('dialog.question') : t('dialog.questionInTest')}
        </figcaption>
        <blockquote className="rounded-md border-l-4 border-brand-lime bg-muted px-3 py-2 text-sm break-words">
          {group.question}
        </blockquote>
      </figure>
      <LabelledField
        htmlFor="unanswered-answer"
        label={t('dialog.label')}
        hint={t('dialog.hint', { max: UNANSWERED_ANSWER_MAX.toLocaleString() })}
        error={fieldError}
      >
        <Textarea
          {...fieldA11y('unanswered-answer', fieldError)}
          rows={5}
          maxLength={UNANSWERED_ANSWER_MAX}
          {...form.register('answer')}
        />
      </LabelledField>
      {errors.root?.server?.message ? <ErrorAlert message={errors.root.server.message} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="brand" disabled={save.isPending}>
          {save.isPending ? t('dialog.saving') : t('dialog.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
