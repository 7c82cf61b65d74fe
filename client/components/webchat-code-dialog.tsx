import { Check, Code2, Copy } from 'lucide-react';
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
import { WebchatNotes, WebchatSteps } from '@/components/webchat-code-guide';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';
import { useWebchatCodeQuery } from '@/lib/get-webchat-code';

interface WebchatCodeDialogProps {
  agentId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The website embed code of an agent (SPEC.md §2), fetched only while the dialog is open. */
export function WebchatCodeDialog({ agentId, open, onOpenChange }: WebchatCodeDialogProps) {
  const { t } = useTranslation('agents');
  const query = useWebchatCodeQuery(agentId, open);
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
        title: t('webchat.copyErrorTitle'),
        description: t('webchat.copyErrorDescription'),
      });
      return;
    }
    markCopied();
    toast({ title: t('webchat.copiedToast') });
    if (closeAfter) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Code2 aria-hidden="true" className="size-5" />
            {t('webchat.title')}
          </DialogTitle>
          <DialogDescription>{t('webchat.description')}</DialogDescription>
        </DialogHeader>
        <WebchatSteps />
        {query.isPending && open ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('webchat.loading')} />
          </div>
        ) : null}
        {query.isError ? (
          <ErrorAlert title={t('webchat.unavailableTitle')} message={query.error.message} />
        ) : null}
        {code ? (
          <div className="grid gap-2">
            <label htmlFor="webchat-code" className="text-sm font-medium">
              {t('webchat.codeLabel')}
            </label>
            <Textarea
              id="webchat-code"
              readOnly
              value={code}
              rows={8}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        ) : null}
        {instructions ? <Instructions value={instructions} /> : null}
        <WebchatNotes />
        <DialogFooter>
          <Button variant="outline" disabled={!code} onClick={() => void copy(false)}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? t('webchat.copied') : t('webchat.copy')}
          </Button>
          <Button variant="brand" disabled={!code} onClick={() => void copy(true)}>
            {t('webchat.copyAndClose')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Instructions({ value }: { value: string | string[] }) {
  const lines = Array.isArray(value) ? value : [value];
  return (
    <div className="grid gap-1 text-sm" data-testid="webchat-instructions">
      {lines.map((line, index) => (
        <p key={index} className="whitespace-pre-line">
          {line}
        </p>
      ))}
    </div>
  );
}
