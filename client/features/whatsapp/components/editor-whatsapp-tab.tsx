import { EditorWhatsappCard } from '@/features/whatsapp/components/editor-whatsapp-card';
import { FollowUpsCard } from '@/features/whatsapp/components/follow-ups-card';
import { WhatsappSettingsCard } from '@/features/whatsapp/components/whatsapp-settings-card';

/** Editor tab 3: the instance card, then how the agent behaves on WhatsApp and its follow-ups. */
export function EditorWhatsappTab({ agentId }: { agentId: number }) {
  return (
    <div className="grid gap-6">
      <EditorWhatsappCard agentId={agentId} />
      <WhatsappSettingsCard agentId={agentId} />
      <FollowUpsCard agentId={agentId} />
    </div>
  );
}
