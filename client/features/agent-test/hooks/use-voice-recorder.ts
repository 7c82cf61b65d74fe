import { useEffect, useRef, useState } from 'react';

/** The voice test: idle → recording → audio ready → sent. */
export type RecorderState = 'idle' | 'recording' | 'ready' | 'sent';

/** What the voice test records: 16 kHz, mono, echo cancellation and noise suppression, webm/opus. */
export const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  sampleRate: 16_000,
  channelCount: 1,
  echoCancellation: true,
  noiseSuppression: true,
};
const MIME_TYPE = 'audio/webm;codecs=opus';

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Records one voice message with MediaRecorder. `start` resolves false when the microphone
 * cannot be used (permission denied, no device, no MediaRecorder), so the caller can say so.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [audio, setAudio] = useState<Blob | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopTracks(stream.current);
    },
    [],
  );

  async function start(): Promise<boolean> {
    if (state === 'recording') return true;
    let media: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
        return false;
      }
      media = await navigator.mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
    } catch {
      return false;
    }
    const mimeType = MediaRecorder.isTypeSupported(MIME_TYPE) ? MIME_TYPE : 'audio/webm';
    const chunks: Blob[] = [];
    const next = new MediaRecorder(media, { mimeType });
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      stopTracks(media);
      setAudio(new Blob(chunks, { type: 'audio/webm' }));
      setState('ready');
    };
    stream.current = media;
    recorder.current = next;
    setAudio(null);
    next.start();
    setState('recording');
    return true;
  }

  function stop() {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }

  function markSent() {
    setState('sent');
  }

  /** Back to idle; a recording in progress is thrown away. */
  function reset() {
    if (recorder.current?.state === 'recording') {
      recorder.current.onstop = null;
      recorder.current.stop();
    }
    stopTracks(stream.current);
    setAudio(null);
    setState('idle');
  }

  return { state, audio, start, stop, markSent, reset };
}
