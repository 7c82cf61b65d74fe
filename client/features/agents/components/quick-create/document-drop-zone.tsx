import { FileText, FileUp, X } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFileProblemText } from '@/features/agents/hooks/use-file-problem-text';
import { checkDocumentFile, DOCUMENT_ACCEPT, formatKb } from '@/features/agents/lib/document-files';
import { cn } from '@/lib/utils';

interface DocumentDropZoneProps {
  files: File[];
  onChange: (files: File[]) => void;
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Drag or choose several documents; each is checked here (type by name, 10 MB) before it is kept. */
export function DocumentDropZone({ files, onChange }: DocumentDropZoneProps) {
  const { t, i18n } = useTranslation('agents');
  const problemText = useFileProblemText();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejected, setRejected] = useState<string[]>([]);

  function add(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    const problems: string[] = [];
    const kept = [...files];
    for (const file of chosen) {
      const problem = checkDocumentFile(file);
      if (problem) problems.push(problemText(file, problem));
      else if (!kept.some((other) => sameFile(other, file))) kept.push(file);
    }
    setRejected(problems);
    onChange(kept);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <div className="grid gap-3">
      <div
        data-testid="upload-area"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed bg-muted/40 px-4 py-6 text-center',
          dragging && 'border-brand-lime bg-brand-lime/10',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('quick.upload.title')}</p>
        <p className="flex flex-wrap items-center justify-center gap-1 text-sm">
          {t('quick.upload.drop')}
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() => input.current?.click()}
          >
            {t('quick.upload.choose')}
          </Button>
        </p>
        <p className="text-xs text-muted-foreground">{t('quick.upload.hint')}</p>
        <p className="max-w-md text-xs text-muted-foreground">{t('quick.upload.after')}</p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={DOCUMENT_ACCEPT}
          aria-label={t('quick.upload.fileInput')}
          data-testid="quick-document-input"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {rejected.length > 0 ? (
        <div role="alert" className="grid gap-1 text-sm text-destructive">
          <p className="font-medium">{t('quick.upload.rejected')}</p>
          <ul className="list-disc pl-5">
            {rejected.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {files.length > 0 ? (
        <ul aria-label={t('quick.upload.chosen')} className="grid gap-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              data-testid="chosen-file"
              className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 break-words">{file.name}</span>
              <span className="text-xs text-muted-foreground">
                {formatKb(file.size, i18n.language)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('quick.upload.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
