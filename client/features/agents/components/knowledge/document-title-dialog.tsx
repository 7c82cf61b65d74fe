import { zodResolver } from '@hookform/resolvers/zod';
import { documentTitleSchema } from '@common/schemas/agent';
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
import { Input } from '@/components/ui/input';
import type { AgentDocument } from '@/features/agents/api/get-documents';
import { useUpdateDocumentTitleMutation } from '@/features/agents/api/update-document-title';
import { documentName } from '@/features/agents/lib/document-files';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

type TitleInput = z.input<typeof documentTitleSchema>;
type TitleValues = z.output<typeof documentTitleSchema>;

interface DocumentTitleDialogProps {
  doc: AgentDocument;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Nome para os clientes': the title the website chat shows under Fontes instead of the file name. */
export function DocumentTitleDialog({ doc, open, onOpenChange }: DocumentTitleDialogProps) {
  const { t } = useTranslation('agents');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('documents.publicTitle.title')}</DialogTitle>
          <DialogDescription>
            {t('documents.publicTitle.description', { name: documentName(doc) })}
          </DialogDescription>
        </DialogHeader>
        {open ? <TitleForm doc={doc} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TitleForm({ doc, onDone }: { doc: AgentDocument; onDone: () => void }) {
  const { t } = useTranslation('agents');
  const save = useUpdateDocumentTitleMutation();
  const form = useForm<TitleInput, unknown, TitleValues>({
    resolver: zodResolver(documentTitleSchema),
    defaultValues: { publicTitle: doc.publicTitle ?? '' },
  });
  const { errors } = form.formState;
  const fieldError = errors.publicTitle?.message;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { agentId: doc.agentId, documentId: doc.id, publicTitle: values.publicTitle },
      {
        onSuccess: () => {
          toast({ title: t('documents.publicTitle.savedToast') });
          onDone();
        },
        // The dialog stays open with what was typed; one message, on the field when it is about it.
        onError: (error) =>
          reportSubmitError(error, form, ['publicTitle'], () =>
            form.setError('root.server', {
              message: errorMessage(error, t('toasts.networkError')),
            }),
          ),
      },
    );
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <LabelledField
        htmlFor="document-public-title"
        label={t('documents.publicTitle.label')}
        hint={t('documents.publicTitle.hint')}
        error={fieldError}
      >
        <Input
          {...fieldA11y('document-public-title', fieldError)}
          autoComplete="off"
          placeholder={documentName(doc).replace(/\.[A-Za-z0-9]{1,5}$/, '')}
          {...form.register('publicTitle')}
        />
      </LabelledField>
      {errors.root?.server?.message ? <ErrorAlert message={errors.root.server.message} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('documents.publicTitle.cancel')}
        </Button>
        <Button type="submit" variant="brand" disabled={save.isPending}>
          {save.isPending ? t('documents.publicTitle.saving') : t('documents.publicTitle.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
