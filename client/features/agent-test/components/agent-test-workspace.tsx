import type { Agent } from '@common/schemas/agent';
import { useTranslation } from 'react-i18next';
import { ChatPanel } from '@/features/agent-test/components/chat-panel';
import { ChatToolbar } from '@/features/agent-test/components/chat-toolbar';
import { ImageTestCard } from '@/features/agent-test/components/image-test-card';
import { VoiceTestCard } from '@/features/agent-test/components/voice-test-card';
import { useTestChat } from '@/features/agent-test/hooks/use-test-chat';
import {
  buildChatExport,
  downloadChatExport,
  exportFileName,
} from '@/features/agent-test/lib/export-chat';
import { toast } from '@/hooks/use-toast';

interface AgentTestWorkspaceProps {
  agent: Agent;
  onWebchatCode: (agentId: number) => void;
}

/**
 * Text, voice and image tests of one agent. The section renders it with `key={agent.id}`, so
 * choosing another agent starts everything afresh (chat, recording, chosen image).
 */
export function AgentTestWorkspace({ agent, onWebchatCode }: AgentTestWorkspaceProps) {
  const { t } = useTranslation('console');
  const chat = useTestChat(agent);

  function exportChat() {
    const fileName = exportFileName(agent.name);
    downloadChatExport(buildChatExport(agent, chat.messages), fileName);
    toast({ title: t('testing.chat.exported'), description: fileName });
  }

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <ChatPanel
        messages={chat.messages}
        onSend={chat.send}
        busy={chat.busy}
        streaming={chat.streaming}
        toolbar={
          <ChatToolbar
            agentId={agent.id}
            onExport={exportChat}
            onClear={chat.clear}
            busy={chat.streaming}
            onWebchatCode={onWebchatCode}
          />
        }
      />
      <div className="grid content-start gap-6 md:grid-cols-2 xl:grid-cols-1">
        <VoiceTestCard agentId={agent.id} busy={chat.busy} onReply={chat.appendExchange} />
        <ImageTestCard agentId={agent.id} busy={chat.busy} onReply={chat.appendExchange} />
      </div>
    </div>
  );
}
