import type { TemplateDetails } from '@common/schemas/appointments';
import type { AgentTemplate } from '@common/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateDetailsForm } from '@/components/template-details-form';
import { TemplateIcon } from '@/components/template-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCreateAgentFromTemplateMutation } from '@/features/templates/api/create-agent-from-template';
import { CopyBlock } from '@/features/templates/components/copy-block';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface TemplatePreviewDialogProps {
  template: AgentTemplate | null;
  onOpenChange: (open: boolean) => void;
}

/** Preview of a template: about, tags, prompt and knowledge base, and creation from it. */
export function TemplatePreviewDialog({ template, onOpenChange }: TemplatePreviewDialogProps) {
  const { t } = useTranslation('agents');
  const create = useCreateAgentFromTemplateMutation();
  // 'Criar agente com este modelo' first asks the business details the template needs.
  const [asking, setAsking] = useState(false);
  const close = (open: boolean) => {
    if (!open) setAsking(false);
    onOpenChange(open);
  };

  function onCreate(chosen: AgentTemplate, details: TemplateDetails) {
    create.mutate(
      { template: chosen, details },
      {
        onSuccess: () => {
          toast({
            title: t('toasts.templateCreatedTitle'),
            description: t('toasts.templateCreatedDescription'),
          });
          close(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toasts.templateFailed'),
            description: errorMessage(error, t('toasts.networkError')),
          }),
      },
    );
  }

  return (
    <Dialog open={template !== null} onOpenChange={close}>
      {template && asking ? (
        <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <div className="flex items-center gap-3">
              <TemplateIcon name={template.icon} />
              <DialogTitle>{template.name}</DialogTitle>
            </div>
            <DialogDescription className="sr-only">{template.description}</DialogDescription>
          </DialogHeader>
          <TemplateDetailsForm
            template={template}
            onSubmit={onCreate}
            onBack={() => setAsking(false)}
            submitLabel={
              create.isPending ? t('templates.dialog.creating') : t('templates.details.create')
            }
            backLabel={t('templates.details.backToPreview')}
            pending={create.isPending}
          />
        </DialogContent>
      ) : template ? (
        <DialogContent className="max-h-[92vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <div className="flex items-center gap-3">
              <TemplateIcon name={template.icon} />
              <div className="grid gap-1">
                <DialogTitle>{template.name}</DialogTitle>
                <Badge variant="secondary" className="w-fit">
                  {t(`templates.categories.${template.category}`)}
                </Badge>
              </div>
            </div>
          </DialogHeader>
          <section aria-labelledby="template-about" className="grid gap-1">
            <h3 id="template-about" className="font-semibold">
              {t('templates.dialog.about')}
            </h3>
            <DialogDescription>{template.description}</DialogDescription>
          </section>
          <section aria-labelledby="template-tags" className="grid gap-2">
            <h3 id="template-tags" className="font-semibold">
              {t('templates.dialog.tags')}
            </h3>
            <ul className="flex flex-wrap gap-1.5">
              {template.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
            </ul>
          </section>
          <CopyBlock
            id="template-prompt"
            title={t('templates.dialog.systemPrompt')}
            text={template.systemPrompt}
          />
          <CopyBlock
            id="template-knowledge"
            title={t('templates.dialog.knowledgeBase')}
            hint={t('templates.dialog.knowledgeHint')}
            text={template.knowledgeBase}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              {t('templates.dialog.close')}
            </Button>
            <Button variant="brand" onClick={() => setAsking(true)}>
              {t('templates.dialog.create')}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
