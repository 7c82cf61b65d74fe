import { AgentEditorPage } from '@/features/agents/components/agent-editor-page';
import { AgentAppointmentsTab } from '@/features/appointments/components/agent-appointments-tab';
import { Sidebar } from '@/features/dashboard/components/sidebar';
import { EditorWhatsappTab } from '@/features/whatsapp/components/editor-whatsapp-tab';
import { dashboardSectionState } from '@/lib/dashboard-location';

/**
 * The editor's sidebar items do not go to "/", the public landing page: a signed-in user choosing
 * "Agentes IA" expects that section of the dashboard, so each item opens /dashboard on the section
 * it names.
 */
export default function AgentEditRoute({ agentId }: { agentId: string }) {
  return (
    <AgentEditorPage
      agentId={agentId}
      renderSidebar={(navigate) => (
        <Sidebar
          active="agents"
          onSelect={(section) => navigate('/dashboard', { state: dashboardSectionState(section) })}
        />
      )}
      renderWhatsappTab={(id) => <EditorWhatsappTab agentId={id} />}
      renderAppointmentsTab={(id) => <AgentAppointmentsTab agentId={id} />}
    />
  );
}
