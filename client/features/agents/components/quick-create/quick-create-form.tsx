import { zodResolver } from '@hookform/resolvers/zod';
import type { TemplateDetails } from '@common/schemas/appointments';
import type { AgentTemplate } from '@common/templates';
import { useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TemplateDetailsForm } from '@/components/template-details-form';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCreateAgentMutation } from '@/features/agents/api/create-agent';
import { QuickBasicTab } from '@/features/agents/components/quick-create/quick-basic-tab';
import { QuickIntegrationsTab } from '@/features/agents/components/quick-create/quick-integrations-tab';
import { QuickKnowledgeTab } from '@/features/agents/components/quick-create/quick-knowledge-tab';
import { QuickTemplatesTab } from '@/features/agents/components/quick-create/quick-templates-tab';
import { QuickToolsTab } from '@/features/agents/components/quick-create/quick-tools-tab';
import { useUploadAfterCreate } from '@/features/agents/hooks/use-upload-after-create';
import {
  formFieldOf,
  QUICK_TABS,
  quickCreateDefaults,
  quickCreateSchema,
  tabOf,
  toCreatePayload,
  type QuickCreateInput,
  type QuickCreateValues,
  type QuickTab,
} from '@/features/agents/lib/quick-create-form';
import { toast } from '@/hooks/use-toast';
import { saveTemplateDetails } from '@/lib/agents/save-template-details';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

const TEMPLATE_FIELDS = ['name', 'description', 'systemPrompt', 'knowledgeBase'] as const;

interface QuickCreateFormProps {
  template: AgentTemplate | undefined;
  onClose: () => void;
}

export function QuickCreateForm({ template, onClose }: QuickCreateFormProps) {
  const { t } = useTranslation('agents');
  const form = useForm<QuickCreateInput, unknown, QuickCreateValues>({
    resolver: zodResolver(quickCreateSchema),
    defaultValues: quickCreateDefaults(),
  });
  const [tab, setTab] = useState<QuickTab>('templates');
  // A template picked (here or in the gallery) first asks its business details.
  const [asking, setAsking] = useState<AgentTemplate | null>(template ?? null);
  // What the template's form gave for the booking settings, sent once the agent exists.
  const [details, setDetails] = useState<TemplateDetails>({});
  const create = useCreateAgentMutation();
  const [files, setFiles] = useState<File[]>([]);
  const uploads = useUploadAfterCreate();

  function applyTemplate(picked: AgentTemplate, given: TemplateDetails) {
    setAsking(null);
    setDetails(given);
    for (const field of TEMPLATE_FIELDS) {
      form.setValue(field, picked[field], { shouldDirty: true });
    }
    // An English template's prompt asks for English answers: its agent speaks English.
    if (picked.language === 'en') form.setValue('language', 'en', { shouldDirty: true });
    form.clearErrors([...TEMPLATE_FIELDS]);
    setTab('basic');
    toast({
      title: t('toasts.templateAppliedTitle'),
      description: t('toasts.templateAppliedDescription', { name: picked.name }),
    });
  }

  function showFirstError(fields: string[]) {
    const first = fields.find((field) => tabOf(field) === 'basic') ?? fields[0];
    if (first) setTab(tabOf(first));
  }

  /** The chosen documents go right after the agent exists; the dialog closes when they are sent. */
  async function finishCreation(agent: { id: number; status: string }) {
    const active = agent.status === 'active';
    try {
      await saveTemplateDetails(agent.id, details);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('toasts.templateDetailsFailed'),
        description: errorMessage(error, t('toasts.networkError')),
      });
    }
    if (files.length > 0) await uploads.uploadAll(agent.id, files, active);
    else
      toast({
        title: t('toasts.createdTitle'),
        description: t(active ? 'toasts.createdActive' : 'toasts.createdDescription'),
      });
    form.reset(quickCreateDefaults());
    setDetails({});
    setFiles([]);
    setTab('templates');
    onClose();
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      create.mutate(toCreatePayload(values), {
        onSuccess: (agent) => void finishCreation(agent),
        onError: (error) => {
          // A refused field is shown on the field, its tab opened; nothing else repeats it.
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const fields = Object.keys(error.fieldErrors).map(formFieldOf);
            Object.entries(error.fieldErrors).forEach(([path, [message]]) => {
              const field = formFieldOf(path) as Path<QuickCreateInput>;
              if (message) form.setError(field, { type: 'server', message });
            });
            showFirstError(fields);
            return;
          }
          toast({
            variant: 'destructive',
            title: t('toasts.createFailed'),
            description: errorMessage(error, t('toasts.networkError')),
          });
        },
      });
    },
    (errors: FieldErrors<QuickCreateInput>) => showFirstError(Object.keys(errors)),
  );

  const busyUploading = uploads.progress !== null;

  if (asking) {
    return (
      <TemplateDetailsForm
        template={asking}
        onSubmit={applyTemplate}
        onBack={() => {
          setAsking(null);
          setTab('templates');
        }}
        submitLabel={t('templates.details.continue')}
        backLabel={t('templates.details.back')}
      />
    );
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid grid-cols-1 gap-4"
      >
        <Tabs value={tab} onValueChange={(value) => setTab(value as QuickTab)} className="min-w-0">
          <TabsList aria-label={t('quick.tabs.label')} className="flex w-full justify-start">
            {QUICK_TABS.map((id) => (
              <TabsTrigger key={id} value={id} className="flex-1">
                {t(`quick.tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="templates">
            <QuickTemplatesTab onPick={setAsking} />
          </TabsContent>
          <TabsContent value="basic">
            <QuickBasicTab />
          </TabsContent>
          <TabsContent value="tools">
            <QuickToolsTab />
          </TabsContent>
          <TabsContent value="knowledge">
            <QuickKnowledgeTab files={files} onFilesChange={setFiles} />
          </TabsContent>
          <TabsContent value="integrations">
            <QuickIntegrationsTab />
          </TabsContent>
        </Tabs>
        <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('quick.cancel')}
          </Button>
          <Button type="submit" variant="brand" disabled={create.isPending || busyUploading}>
            {uploads.progress
              ? t('quick.upload.uploading', { ...uploads.progress })
              : create.isPending
                ? t('quick.submitting')
                : t('quick.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
