import type { Agent } from '@common/schemas/agent';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUpdateAgentMutation } from '@/features/agents/api/update-agent';
import { EditorBasicTab } from '@/features/agents/components/editor/editor-basic-tab';
import { EditorHeader } from '@/features/agents/components/editor/editor-header';
import { EditorKnowledgeTab } from '@/features/agents/components/editor/editor-knowledge-tab';
import { useLeaveGuard, type GuardedNavigate } from '@/features/agents/hooks/use-leave-guard';
import {
  editorSchema,
  editorTabOf,
  editorValues,
  toUpdatePayload,
  editorTabFromSearch,
  type EditorTab,
  type EditorValues,
} from '@/features/agents/lib/editor-form';
import { toast } from '@/hooks/use-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { ApiError } from '@/lib/api-client';

const FIELDS: readonly Path<EditorValues>[] = [
  'name',
  'description',
  'systemPrompt',
  'knowledgeBase',
  'model',
  'temperature',
  'status',
  'handoffMessage',
];

interface AgentEditorProps {
  agent: Agent;
  renderSidebar?: ((navigate: GuardedNavigate) => ReactNode) | undefined;
  /** Tab 3: the WhatsApp card, composed by the app from the WhatsApp feature. */
  renderWhatsappTab?: ((agentId: number) => ReactNode) | undefined;
  /** Tab 4: services, availability, hours and the booking page, composed by the app. */
  renderAppointmentsTab?: ((agentId: number) => ReactNode) | undefined;
}

/**
 * The editor form, checked with the API's schema before saving (the raw values are sent; the
 * server applies the same rules); a field error, the client's or the server's, shows on its field
 * with its tab opened, and nothing else repeats it.
 */
export function AgentEditor(props: AgentEditorProps) {
  const { agent, renderSidebar, renderWhatsappTab, renderAppointmentsTab } = props;
  const { t } = useTranslation('agents');
  const form = useForm<EditorValues>({
    resolver: zodResolver(editorSchema, undefined, { raw: true }),
    defaultValues: editorValues(agent),
  });
  const search = useSearch();
  const [tab, setTab] = useState<EditorTab>(() => editorTabFromSearch(search));
  const showFirstError = (fields: string[]) => {
    const basic = fields.some((field) => editorTabOf(field) === 'basic');
    if (fields.length > 0) setTab(basic ? 'basic' : 'knowledge');
  };
  const save = useUpdateAgentMutation();
  const dirty = form.formState.isDirty;
  const navigate = useLeaveGuard(dirty && !save.isPending, t('editor.unsavedConfirm'));

  const onSubmit = form.handleSubmit(
    (values) => {
      save.mutate(
        { id: agent.id, input: toUpdatePayload(values) },
        {
          onSuccess: (saved) => {
            form.reset(editorValues(saved));
            toast({ title: t('toasts.savedTitle'), description: t('toasts.savedDescription') });
          },
          onError: (error) => {
            // A refused field says it on the field, and nothing else repeats it.
            if (applyServerFieldErrors(error, FIELDS, form.setError)) {
              showFirstError(Object.keys((error as ApiError).fieldErrors));
              return;
            }
            toast({
              variant: 'destructive',
              title: t('toasts.saveFailedTitle'),
              description:
                error instanceof ApiError
                  ? t('toasts.saveFailedDescription', {
                      status: error.status,
                      message: error.message,
                    })
                  : t('toasts.networkError'),
            });
          },
        },
      );
    },
    (errors: FieldErrors<EditorValues>) => showFirstError(Object.keys(errors)),
  );

  return (
    <div className="min-h-screen bg-muted/50">
      {renderSidebar?.(navigate)}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="md:pl-64">
          <EditorHeader
            name={agent.name}
            status={agent.status}
            dirty={dirty}
            saving={save.isPending}
            onBack={() => navigate('/dashboard')}
          />
          <main className="p-4 sm:p-6">
            <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
              <TabsList
                aria-label={t('editor.tabs.label')}
                className="flex w-full justify-start sm:w-auto"
              >
                <TabsTrigger value="basic">{t('editor.tabs.basic')}</TabsTrigger>
                <TabsTrigger value="knowledge">{t('editor.tabs.knowledge')}</TabsTrigger>
                <TabsTrigger value="whatsapp">{t('editor.tabs.whatsapp')}</TabsTrigger>
                {renderAppointmentsTab ? (
                  <TabsTrigger value="appointments">{t('editor.tabs.appointments')}</TabsTrigger>
                ) : null}
              </TabsList>
              <TabsContent value="basic">
                <EditorBasicTab />
              </TabsContent>
              <TabsContent value="knowledge">
                <EditorKnowledgeTab agentId={agent.id} />
              </TabsContent>
              <TabsContent value="whatsapp">{renderWhatsappTab?.(agent.id)}</TabsContent>
              <TabsContent value="appointments">{renderAppointmentsTab?.(agent.id)}</TabsContent>
            </Tabs>
          </main>
        </form>
      </FormProvider>
    </div>
  );
}
