import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';

interface CopyBlockProps {
  id: string;
  title: string;
  text: string;
  hint?: ReactNode;
}

/** A titled block of template text with its Copiar button (toast 'Copiado'). */
export function CopyBlock({ id, title, text, hint }: CopyBlockProps) {
  const { t } = useTranslation('agents');
  const [copied, markCopied] = useCopyFeedback();

  async function copy() {
    try {
      await copyText(text);
      markCopied();
      toast({ title: t('toasts.copiedTitle') });
    } catch {
      toast({
        variant: 'destructive',
        title: t('toasts.copyFailedTitle'),
        description: t('toasts.copyFailedDescription'),
      });
    }
  }

  return (
    <section aria-labelledby={id} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('templates.dialog.copyLabel', { what: title })}
          onClick={() => void copy()}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t('templates.dialog.copy')}
        </Button>
      </div>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <pre className="max-h-56 overflow-y-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
        {text}
      </pre>
    </section>
  );
}
