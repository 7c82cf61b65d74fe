import type { TestReply } from '@common/schemas/test-chat';
import { Mic, RotateCcw, Send, Square } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSendTestAudioMutation } from '@/features/agent-test/api/send-test-audio';
import { RecordingPreview } from '@/features/agent-test/components/recording-preview';
import { VoiceReplyToggle } from '@/features/agent-test/components/voice-reply-toggle';
import { useVoiceRecorder } from '@/features/agent-test/hooks/use-voice-recorder';
import { newMessage, type ChatMessage } from '@/features/agent-test/lib/chat-message';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface VoiceTestCardProps {
  agentId: number;
  busy: boolean;
  onReply: (user: ChatMessage, reply: TestReply) => void;
}

/** Records a question, sends it as webm/opus and adds the exchange to the chat. */
export function VoiceTestCard({ agentId, busy, onReply }: VoiceTestCardProps) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const recorder = useVoiceRecorder();
  const [voiceReply, setVoiceReply] = useState(false);
  const send = useSendTestAudioMutation(agentId);

  async function start() {
    if (await recorder.start()) return;
    toast({
      variant: 'destructive',
      title: t('testing.voice.recordErrorTitle'),
      description: t('testing.voice.recordErrorDescription'),
    });
  }

  function submit() {
    if (!recorder.audio || busy) return;
    send.mutate(
      { agentId, audio: recorder.audio, voiceResponse: voiceReply },
      {
        onSuccess: (reply) => {
          recorder.markSent();
          const said = reply.transcript?.trim() || t('testing.voice.untranscribed');
          onReply(newMessage('user', said, { kind: 'voice' }), reply);
          toast({ title: t('testing.voice.processed'), description: reply.transcript });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('testing.voice.processErrorTitle'),
            description: errorMessage(error, t('testing.voice.processErrorFallback')),
          }),
      },
    );
  }

  const { state } = recorder;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Mic aria-hidden="true" className="size-5" />
          {t('testing.voice.title')}
        </CardTitle>
        <CardDescription>{t('testing.voice.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p
          role="status"
          data-testid="voice-state"
          data-state={state}
          className="text-sm font-medium"
        >
          {state === 'recording' ? (
            <span
              aria-hidden="true"
              className="mr-2 inline-block size-2.5 animate-pulse rounded-full bg-red-500"
            />
          ) : null}
          {t(`testing.voice.states.${state}`)}
        </p>
        {recorder.audio && state !== 'recording' ? (
          <RecordingPreview audio={recorder.audio} />
        ) : null}
        <VoiceReplyToggle checked={voiceReply} onCheckedChange={setVoiceReply} />
        <div className="flex flex-wrap gap-2">
          {state === 'idle' ? (
            <Button onClick={() => void start()}>
              <Mic aria-hidden="true" />
              {t('testing.voice.start')}
            </Button>
          ) : null}
          {state === 'recording' ? (
            <Button variant="destructive" onClick={recorder.stop}>
              <Square aria-hidden="true" />
              {t('testing.voice.stop')}
            </Button>
          ) : null}
          {state === 'ready' ? (
            <Button onClick={submit} disabled={busy}>
              <Send aria-hidden="true" />
              {send.isPending ? t('testing.voice.sending') : t('testing.voice.send')}
            </Button>
          ) : null}
          {state === 'ready' || state === 'sent' ? (
            <Button variant="outline" onClick={recorder.reset} disabled={send.isPending}>
              <RotateCcw aria-hidden="true" />
              {state === 'sent' ? t('testing.voice.again') : t('testing.voice.discard')}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
