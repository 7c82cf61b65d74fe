import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useUpdateAgentMutation } from '@/features/agents/api/update-agent';
import type { CreationMode } from '@/features/dashboard/components/dashboard-header';
import type { OpenSection } from '@/features/dashboard/components/dashboard-shell';
import { getChecklist } from '@/features/dashboard/api/get-checklist';
import { GoLiveChecklistCard } from '@/features/dashboard/components/go-live-checklist';
import { GoLiveMomentCard } from '@/features/dashboard/components/go-live-moment';
import { nextStep } from '@/features/dashboard/lib/next-step';
import { toast } from '@/hooks/use-toast';
import { checklistQueryKey } from '@/lib/query-keys';

interface GoLiveChecklistSectionProps {
  open: OpenSection;
  onCreate: (mode: CreationMode) => void;
  onWebchatCode: (agentId: number) => void;
}

/**
 * The checklist's buttons, each wired to the feature that does the step; once it is complete,
 * the go-live moment in its place, with its next steps wired the same way.
 */
export function GoLiveChecklistSection({
  open,
  onCreate,
  onWebchatCode,
}: GoLiveChecklistSectionProps) {
  const { t } = useTranslation('home');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const update = useUpdateAgentMutation();
  const editorTab = (agentId: number, tab: string) =>
    navigate(`/agents/${agentId}/edit?tab=${tab}`);
  // The toast names what to do next, from the checklist as it is now.
  const announceNext = async () => {
    const next = nextStep(
      await queryClient.fetchQuery({ queryKey: checklistQueryKey, queryFn: getChecklist }),
    );
    toast({
      title: t('checklist.activated'),
      description: next
        ? t('checklist.activatedNext', { next: t(`checklist.steps.${next}.title`) })
        : undefined,
    });
  };
  const activate = (agentId: number) =>
    update.mutate(
      { id: agentId, input: { status: 'active' } },
      {
        onSuccess: () => void announceNext(),
        onError: () => toast({ variant: 'destructive', title: t('checklist.activateFailed') }),
      },
    );
  return (
    <>
      <GoLiveChecklistCard
        activating={update.isPending}
        actions={{
          subscribe: () => navigate('/plans'),
          createAgent: () => onCreate('wizard'),
          activate,
          addKnowledge: (agentId) => editorTab(agentId, 'knowledge'),
          test: (agentId) => open('testing', { agentId }),
          connectWhatsapp: (agentId) => editorTab(agentId, 'whatsapp'),
          installWidget: onWebchatCode,
        }}
      />
      <GoLiveMomentCard
        actions={{
          conversations: () => open('conversations'),
          booking: (agentId) => editorTab(agentId, 'appointments'),
          widget: onWebchatCode,
          unanswered: () => open('analytics'),
        }}
      />
    </>
  );
}
