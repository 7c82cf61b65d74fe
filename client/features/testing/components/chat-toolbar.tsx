import { Code, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebchatCodeDialog } from '@/components/webchat-code-dialog';
import { Button } from '@/components/ui/button';

interface ChatToolbarProps {
  agentId: number;
  onExport: () => void;
  onClear: () => void;
  busy: boolean;
}

/** Export the chat as JSON, clear it, and get the website chat code of the agent. */
export function ChatToolbar({ agentId, onExport, onClear, busy }: ChatToolbarProps) {
  const { t } = useTranslation('console');
  const [webchatOpen, setWebchatOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={onExport} disabled={busy}>
        <Download aria-hidden="true" />
        {t('testing.chat.export')}
      </Button>
      <Button variant="outline" size="sm" onClick={onClear}>
        <Trash2 aria-hidden="true" />
        {t('testing.chat.clear')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => setWebchatOpen(true)}>
        <Code aria-hidden="true" />
        {t('testing.chat.webchat')}
      </Button>
      <WebchatCodeDialog agentId={agentId} open={webchatOpen} onOpenChange={setWebchatOpen} />
    </>
  );
}
