import { ArrowLeft, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AgentStatusBadge } from '@/components/agent-status-badge';
import { Button } from '@/components/ui/button';

interface EditorHeaderProps {
  name: string;
  status: string;
  dirty: boolean;
  saving: boolean;
  onBack: () => void;
}

/** Back to the dashboard, the agent's name, 'Editando agente', the badge and Salvar. */
export function EditorHeader({ name, status, dirty, saving, onBack }: EditorHeaderProps) {
  const { t } = useTranslation('agents');
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3 sm:gap-3 sm:px-6">
        <Button type="button" variant="ghost" className="max-sm:px-2" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t('editor.dashboard')}
        </Button>
        <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <h1 className="text-xl font-bold break-words text-brand-navy sm:text-2xl">{name}</h1>
          <p className="text-sm text-muted-foreground">{t('editor.editing')}</p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          {dirty ? (
            <span className="text-xs text-muted-foreground" data-testid="unsaved">
              {t('editor.unsaved')}
            </span>
          ) : null}
          {/* The header reads Ativo only for an active agent; any other status shows Rascunho. */}
          <AgentStatusBadge
            data-testid="editor-status-badge"
            status={status === 'active' ? 'active' : 'draft'}
          />
          <Button type="submit" variant="brand" disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? t('editor.saving') : t('editor.save')}
          </Button>
        </div>
      </div>
    </header>
  );
}
