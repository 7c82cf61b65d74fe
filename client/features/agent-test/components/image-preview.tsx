import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useObjectUrlSrc } from '@/features/agent-test/hooks/use-object-url-src';

/** A thumbnail of the chosen image with a button to remove it. */
export function ImagePreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('console');
  const element = useObjectUrlSrc<HTMLImageElement>(file);
  return (
    <div className="flex items-center gap-3 rounded-lg border p-2">
      <img
        ref={element}
        alt={t('testing.image.previewAlt', { name: file.name })}
        className="size-16 rounded bg-muted object-cover"
      />
      <p className="min-w-0 flex-1 truncate text-sm">{file.name}</p>
      <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('testing.image.remove')}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
