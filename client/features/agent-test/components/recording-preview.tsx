import { useTranslation } from 'react-i18next';
import { useObjectUrlSrc } from '@/features/agent-test/hooks/use-object-url-src';

/** Lets the user listen to the recording before sending it. */
export function RecordingPreview({ audio }: { audio: Blob }) {
  const { t } = useTranslation('console');
  const element = useObjectUrlSrc<HTMLAudioElement>(audio);
  return (
    <audio
      ref={element}
      controls
      aria-label={t('testing.voice.preview')}
      data-testid="recording-preview"
      className="h-10 w-full"
    />
  );
}
