import { Code, Download, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface ChatToolbarProps {
  agentId: number;
  onExport: () => void;
  onClear: () => void;
  busy: boolean;
  /** Código do Webchat: the dialog belongs to the webchat feature, so the app layer opens it. */
  onWebchatCode: (agentId: number) => void;
}

/** Export the chat as JSON, clear it, and get the website chat code of the agent. */
export function ChatToolbar({ agentId, onExport, onClear, busy, onWebchatCode }: ChatToolbarProps) {
  const { t } = useTranslation('console');
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="max-sm:px-2"
        onClick={onExport}
        disabled={busy}
      >
        <Download aria-hidden="true" />
        {t('testing.chat.export')}
      </Button>
      <Button variant="outline" size="sm" className="max-sm:px-2" onClick={onClear}>
        <Trash2 aria-hidden="true" />
        {t('testing.chat.clear')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="max-sm:px-2"
        onClick={() => onWebchatCode(agentId)}
      >
        <Code aria-hidden="true" />
        {t('testing.chat.webchat')}
      </Button>
    </>
  );
}
