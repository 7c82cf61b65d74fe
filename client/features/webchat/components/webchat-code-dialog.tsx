import { BookOpen, Check, Code2, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useWebchatCodeQuery } from '@/features/webchat/api/get-webchat-code';
import { useWebchatConfigQuery } from '@/features/webchat/api/get-webchat-config';
import { WebchatNotes, WebchatSteps } from '@/features/webchat/components/webchat-code-guide';
import { WebchatCustomizer } from '@/features/webchat/components/webchat-customizer';
import { WebchatKeyRotation } from '@/features/webchat/components/webchat-key-rotation';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';

interface WebchatCodeDialogProps {
  agentId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Código do Webchat: the website embed code of an agent, fetched only while the dialog is open,
 * with the customisation form and a live preview of the real widget; saving regenerates the code.
 * The webchat feature's public face: the app layer renders it for the screens that offer it.
 */
export function WebchatCodeDialog({ agentId, open, onOpenChange }: WebchatCodeDialogProps) {
  const { t } = useTranslation('webchat');
  const query = useWebchatCodeQuery(agentId, open);
  const settings = useWebchatConfigQuery(agentId, open);
  const [copied, markCopied] = useCopyFeedback();
  const code = query.data?.code;
  const instructions = query.data?.instructions;

  async function copy(closeAfter: boolean) {
    if (!code) return;
    try {
      await copyText(code);
    } catch {
      toast({
        variant: 'destructive',
        title: t('dialog.copyErrorTitle'),
        description: t('dialog.copyErrorDescription'),
      });
      return;
    }
    markCopied();
    toast({ title: t('dialog.copiedToast') });
    if (closeAfter) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Only the body scrolls: the copy buttons stay in view below it, on a phone too. */}
      <DialogContent className="flex max-h-[92vh] flex-col gap-0 p-0 sm:max-w-4xl">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 overflow-y-auto p-6">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Code2 aria-hidden="true" className="size-5" />
              {t('dialog.title')}
            </DialogTitle>
            <DialogDescription>{t('dialog.description')}</DialogDescription>
          </DialogHeader>
          <WebchatSteps />
          {(query.isPending || settings.isPending) && open ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('dialog.loading')} />
            </div>
          ) : null}
          {query.isError ? (
            <ErrorAlert title={t('dialog.unavailableTitle')} message={query.error.message} />
          ) : null}
          {settings.isError ? (
            <ErrorAlert title={t('customize.loadError')} message={settings.error.message} />
          ) : null}
          {query.data && settings.data ? (
            <WebchatCustomizer agentId={agentId} saved={settings.data} code={query.data} />
          ) : null}
          {code ? (
            <div className="grid gap-2">
              <label htmlFor="webchat-code" className="text-sm font-medium">
                {t('dialog.codeLabel')}
              </label>
              <Textarea
                id="webchat-code"
                readOnly
                value={code}
                rows={5}
                className="font-mono text-xs break-all"
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
          ) : null}
          {query.data ? (
            <WebchatKeyRotation agentId={agentId} agentKey={query.data.embedConfig.agentKey} />
          ) : null}
          {instructions ? (
            <ul className="grid gap-1 text-sm" data-testid="webchat-instructions">
              {instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <WebchatNotes />
        </div>
        <DialogFooter className="gap-2 border-t px-6 py-3 sm:justify-between">
          <Button variant="link" asChild className="px-0">
            <a href="/docs/webchat" target="_blank" rel="noopener">
              <BookOpen aria-hidden="true" />
              {t('dialog.docsLink')}
            </a>
          </Button>
          <div className="flex gap-2">
            <Button
              variant="outline"
              className="flex-1 max-sm:px-3 sm:flex-none"
              disabled={!code}
              onClick={() => void copy(false)}
            >
              {copied ? (
                <Check aria-hidden="true" className="max-sm:hidden" />
              ) : (
                <Copy aria-hidden="true" className="max-sm:hidden" />
              )}
              {copied ? t('dialog.copied') : t('dialog.copy')}
            </Button>
            <Button
              variant="brand"
              className="flex-1 max-sm:px-3 sm:flex-none"
              disabled={!code}
              onClick={() => void copy(true)}
            >
              {t('dialog.copyAndClose')}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
