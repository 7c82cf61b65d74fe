import { Check, Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';

interface CopyableUrlProps {
  label: string;
  url: string;
  testId: string;
  /** more actions beside Copiar (open the page…) */
  children?: ReactNode;
}

/** An address the owner hands on: read-only, selected on focus, with Copiar and a confirmation. */
export function CopyableUrl({ label, url, testId, children }: CopyableUrlProps) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const [copied, markCopied] = useCopyFeedback();
  const copy = () =>
    copyText(url).then(markCopied, () =>
      toast({ variant: 'destructive', title: t('common.copyFailed') }),
    );
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          className="min-w-0 flex-1 font-mono text-xs"
          data-testid={testId}
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t('common.copied') : t('common.copy')}
        </Button>
        {children}
      </div>
    </div>
  );
}
