import { AgentEditorPage } from '@/features/agents/components/agent-editor-page';

export default function AgentEditRoute({ agentId }: { agentId: string }) {
  return <AgentEditorPage agentId={agentId} />;
}
