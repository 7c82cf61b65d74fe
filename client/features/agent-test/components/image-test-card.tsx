import type { TestReply } from '@common/schemas/test-chat';
import { ImageIcon, ScanSearch } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSendTestImageMutation } from '@/features/agent-test/api/send-test-image';
import { ImagePreview } from '@/features/agent-test/components/image-preview';
import { VoiceReplyToggle } from '@/features/agent-test/components/voice-reply-toggle';
import { newMessage, type ChatMessage } from '@/features/agent-test/lib/chat-message';
import { isImageFile } from '@/features/agent-test/lib/is-image-file';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

interface ImageTestCardProps {
  agentId: number;
  busy: boolean;
  onReply: (user: ChatMessage, reply: TestReply) => void;
}

/** Sends one image (and an optional question) for the agent to analyse. */
export function ImageTestCard({ agentId, busy, onReply }: ImageTestCardProps) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const fileId = useId();
  const questionId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<File | null>(null);
  const [question, setQuestion] = useState('');
  const [voiceReply, setVoiceReply] = useState(false);
  const send = useSendTestImageMutation(agentId);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && !isImageFile(file)) {
      event.target.value = '';
      setImage(null);
      toast({
        variant: 'destructive',
        title: t('testing.image.unsupportedTitle'),
        description: t('testing.image.unsupportedDescription'),
      });
      return;
    }
    setImage(file);
  }

  function clearImage() {
    setImage(null);
    if (input.current) input.current.value = '';
  }

  function submit() {
    if (!image || busy) return;
    const asked = question.trim();
    send.mutate(
      { agentId, image, voiceResponse: voiceReply, message: asked },
      {
        onSuccess: (reply) => {
          const label = t('testing.image.sentLabel', { name: image.name });
          onReply(
            newMessage('user', asked ? `${label}\n${asked}` : label, { kind: 'image' }),
            reply,
          );
          toast({ title: t('testing.image.analysed') });
          setQuestion('');
          clearImage();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('testing.image.errorTitle'),
            description: errorMessage(error, t('testing.image.errorFallback')),
          }),
      },
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ImageIcon aria-hidden="true" className="size-5" />
          {t('testing.image.title')}
        </CardTitle>
        <CardDescription>{t('testing.image.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t('testing.image.fileLabel')}</Label>
          <Input
            ref={input}
            id={fileId}
            type="file"
            accept="image/*"
            onChange={choose}
            className="cursor-pointer file:mr-3 file:border-0 file:bg-transparent file:font-medium"
          />
        </div>
        {image ? <ImagePreview file={image} onRemove={clearImage} /> : null}
        <div className="grid gap-2">
          <Label htmlFor={questionId}>{t('testing.image.question')}</Label>
          <Input
            id={questionId}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder={t('testing.image.questionPlaceholder')}
            maxLength={4000}
          />
        </div>
        <VoiceReplyToggle checked={voiceReply} onCheckedChange={setVoiceReply} />
        <Button onClick={submit} disabled={!image || busy} className="justify-self-start">
          <ScanSearch aria-hidden="true" />
          {send.isPending ? t('testing.image.sending') : t('testing.image.send')}
        </Button>
      </CardContent>
    </Card>
  );
}
