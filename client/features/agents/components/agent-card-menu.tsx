import type { Agent } from '@common/schemas/agent';
import { Code2, Copy, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useDeleteAgentMutation } from '@/features/agents/api/delete-agent';
import { useDuplicateAgentMutation } from '@/features/agents/api/duplicate-agent';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface AgentCardMenuProps {
  agent: Agent;
  /** Código do Webchat: the dialog belongs to the webchat feature, so the app layer opens it. */
  onWebchatCode: (agentId: number) => void;
}

/** The card menu: Editar Agente, Duplicar, Código do Webchat, Deletar. */
export function AgentCardMenu({ agent, onWebchatCode }: AgentCardMenuProps) {
  const { t } = useTranslation('agents');
  const [, navigate] = useLocation();
  const remove = useDeleteAgentMutation();
  const duplicate = useDuplicateAgentMutation();
  const fallback = t('toasts.networkError');

  function onDelete() {
    if (!window.confirm(t('menu.confirmDelete'))) return;
    remove.mutate(agent.id, {
      onSuccess: () =>
        toast({ title: t('toasts.deletedTitle'), description: t('toasts.deletedDescription') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.deleteFailed'),
          description: errorMessage(error, fallback),
        }),
    });
  }

  function onDuplicate() {
    duplicate.mutate(agent, {
      onSuccess: () =>
        toast({
          title: t('toasts.duplicatedTitle'),
          description: t('toasts.duplicatedDescription'),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.duplicateFailed'),
          description: errorMessage(error, fallback),
        }),
    });
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('card.menu', { name: agent.name })}>
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate(`/agents/${agent.id}/edit`)}>
          <Pencil aria-hidden="true" />
          {t('menu.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={duplicate.isPending} onSelect={onDuplicate}>
          <Copy aria-hidden="true" />
          {t('menu.duplicate')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onWebchatCode(agent.id)}>
          <Code2 aria-hidden="true" />
          {t('menu.webchat')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" disabled={remove.isPending} onSelect={onDelete}>
          <Trash2 aria-hidden="true" />
          {t('menu.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
