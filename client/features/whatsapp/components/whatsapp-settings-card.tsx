import {
  UNSUPPORTED_MESSAGE_MAX,
  VOICE_REPLY_MODES,
  type VoiceReplyMode,
  type WhatsappSettings,
} from '@common/schemas/whatsapp';
import { Settings2 } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { OptionsSelect } from '@/components/options-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useWhatsappSettingsQuery } from '@/features/whatsapp/api/get-whatsapp-settings';
import { useSaveWhatsappSettingsMutation } from '@/features/whatsapp/api/save-whatsapp-settings';
import {
  fromFormValues,
  toFormValues,
  type SettingsFormErrors,
  type SettingsFormValues,
} from '@/features/whatsapp/lib/settings-form';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

/** The choice of each voice-reply mode, in the `whatsapp` namespace. */
const VOICE_REPLY_LABELS = {
  off: 'settings.voiceReplyOff',
  'when-audio': 'settings.voiceReplyWhenAudio',
  always: 'settings.voiceReplyAlways',
} as const satisfies Record<VoiceReplyMode, string>;

/** How the agent behaves on WhatsApp, in words a shop owner understands. */
export function WhatsappSettingsCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('whatsapp');
  const settings = useWhatsappSettingsQuery(agentId);
  return (
    <Card data-testid="whatsapp-settings-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings2 aria-hidden="true" className="size-5" />
          {t('settings.title')}
        </CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner label={t('settings.loading')} />
        ) : settings.isError ? (
          <ErrorAlert title={t('settings.loadError')} message={settings.error.message} />
        ) : (
          <SettingsForm agentId={agentId} initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ agentId, initial }: { agentId: number; initial: WhatsappSettings }) {
  const { t } = useTranslation('whatsapp');
  const ids = {
    minutes: useId(),
    pause: useId(),
    resume: useId(),
    debounce: useId(),
    voice: useId(),
    text: useId(),
  };
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(initial));
  const [errors, setErrors] = useState<SettingsFormErrors>({});
  const save = useSaveWhatsappSettingsMutation();
  const set = <K extends keyof SettingsFormValues>(key: K, value: SettingsFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const error = (key: keyof SettingsFormValues) =>
    errors[key] ? t(`settings.errors.${errors[key] as 'keywords'}`) : undefined;

  const submit = () => {
    const result = fromFormValues(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { agentId, settings: result.settings },
      {
        onSuccess: (saved) => {
          setValues(toFormValues(saved));
          toast({
            title: t('toasts.settingsSaved'),
            description: t('toasts.settingsSavedDescription'),
          });
        },
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('toasts.settingsFailed'),
            description: errorMessage(failure, t('toasts.settingsFailed')),
          }),
      },
    );
  };
  // This card sits inside the editor's form: Enter saves these settings, not the agent.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="grid gap-5" onKeyDown={onKeyDown} data-testid="whatsapp-settings-form">
      <div className="grid gap-5 md:grid-cols-2">
        <LabelledField
          htmlFor={ids.minutes}
          label={t('settings.takeoverMinutes')}
          hint={t('settings.takeoverHint')}
          error={error('takeoverMinutes')}
        >
          <Input
            {...fieldA11y(ids.minutes, error('takeoverMinutes'))}
            inputMode="numeric"
            value={values.takeoverMinutes}
            onChange={(e) => set('takeoverMinutes', e.target.value)}
          />
        </LabelledField>
        <LabelledField
          htmlFor={ids.debounce}
          label={t('settings.debounceSeconds')}
          hint={t('settings.debounceHint')}
          error={error('debounceSeconds')}
        >
          <Input
            {...fieldA11y(ids.debounce, error('debounceSeconds'))}
            inputMode="decimal"
            value={values.debounceSeconds}
            onChange={(e) => set('debounceSeconds', e.target.value)}
          />
        </LabelledField>
        <LabelledField
          htmlFor={ids.pause}
          label={t('settings.pauseKeywords')}
          hint={t('settings.pauseHint')}
          error={error('pauseKeywords')}
        >
          <Input
            {...fieldA11y(ids.pause, error('pauseKeywords'))}
            value={values.pauseKeywords}
            onChange={(e) => set('pauseKeywords', e.target.value)}
          />
        </LabelledField>
        <LabelledField
          htmlFor={ids.resume}
          label={t('settings.resumeKeywords')}
          hint={t('settings.resumeHint')}
          error={error('resumeKeywords')}
        >
          <Input
            {...fieldA11y(ids.resume, error('resumeKeywords'))}
            value={values.resumeKeywords}
            onChange={(e) => set('resumeKeywords', e.target.value)}
          />
        </LabelledField>
      </div>
      <CheckRow
        checked={values.allowGroups}
        onChange={(v) => set('allowGroups', v)}
        label={t('settings.allowGroups')}
        hint={t('settings.allowGroupsHint')}
      />
      <LabelledField
        htmlFor={ids.voice}
        label={t('settings.voiceReply')}
        hint={t('settings.voiceReplyHint')}
      >
        <OptionsSelect
          id={ids.voice}
          className="md:max-w-sm"
          value={values.voiceReply}
          onValueChange={(mode) => set('voiceReply', mode as VoiceReplyMode)}
          options={VOICE_REPLY_MODES.map((mode) => ({
            value: mode,
            label: t(VOICE_REPLY_LABELS[mode]),
          }))}
        />
      </LabelledField>
      <LabelledField
        htmlFor={ids.text}
        label={t('settings.unsupportedMessage')}
        hint={t('settings.unsupportedHint')}
        error={error('unsupportedMessage')}
      >
        <Textarea
          {...fieldA11y(ids.text, error('unsupportedMessage'))}
          rows={3}
          maxLength={UNSUPPORTED_MESSAGE_MAX}
          placeholder={t('settings.unsupportedPlaceholder')}
          value={values.unsupportedMessage}
          onChange={(e) => set('unsupportedMessage', e.target.value)}
        />
      </LabelledField>
      <Button
        type="button"
        className="justify-self-start"
        onClick={submit}
        disabled={save.isPending}
      >
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </Button>
    </div>
  );
}

function CheckRow({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
