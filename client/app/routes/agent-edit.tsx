import { AgentEditorPage } from '@/features/agents/components/agent-editor-page';
import { AgentAppointmentsTab } from '@/features/appointments/components/agent-appointments-tab';
import { Sidebar } from '@/features/dashboard/components/sidebar';
import { EditorWhatsappTab } from '@/features/whatsapp/components/editor-whatsapp-tab';

/**
 * The editor's sidebar is the dashboard's: each item is its section's link, asking first when
 * there are unsaved changes.
 */
export default function AgentEditRoute({ agentId }: { agentId: string }) {
  return (
    <AgentEditorPage
      agentId={agentId}
      renderSidebar={(navigate) => (
        <Sidebar active="agents" onNavigate={(path) => navigate(path)} />
      )}
      renderWhatsappTab={(id) => <EditorWhatsappTab agentId={id} />}
      renderAppointmentsTab={(id) => <AgentAppointmentsTab agentId={id} />}
    />
  );
}
