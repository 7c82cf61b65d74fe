import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plays the agent's spoken reply (base64 mp3) once it arrives, with controls to play it again.
 * Autoplay may be refused by the browser; the controls stay available then.
 */
export function VoiceReplyPlayer({
  audio,
  autoPlay = true,
}: {
  audio: string;
  autoPlay?: boolean;
}) {
  const { t } = useTranslation('console');
  const element = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (!autoPlay) return;
    element.current?.play().catch(() => undefined);
  }, [audio, autoPlay]);
  return (
    <audio
      ref={element}
      controls
      src={`data:audio/mpeg;base64,${audio}`}
      aria-label={t('testing.voice.replyAudio')}
      className="h-10 w-full max-w-xs"
    />
  );
}
