import {
  FOLLOW_UPS_MAX,
  followUpSettingsSchema,
  type FollowUpSettings,
} from '@common/schemas/follow-ups';
import { MessageCircleReply } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useFollowUpsQuery } from '@/features/whatsapp/api/get-follow-ups';
import { useSaveFollowUpsMutation } from '@/features/whatsapp/api/save-follow-ups';
import {
  followUpChoices,
  followUpLabel,
  toggleFollowUp,
} from '@/features/whatsapp/lib/follow-up-delays';
import { translateMessage } from '@/lib/i18n';

/**
 * Follow-ups on WhatsApp: when a customer goes quiet with something left open, the agent writes
 * again after each chosen delay (up to three). Off until the owner turns it on.
 */
export function FollowUpsCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('whatsapp');
  const query = useFollowUpsQuery(agentId);
  return (
    <LoadedSettingsCard
      icon={MessageCircleReply}
      title={t('followUps.title')}
      description={t('followUps.description')}
      query={query}
    >
      {(saved) => <FollowUpsForm agentId={agentId} initial={saved} />}
    </LoadedSettingsCard>
  );
}

function FollowUpsForm({ agentId, initial }: { agentId: number; initial: FollowUpSettings }) {
  const { t, i18n } = useTranslation('whatsapp');
  const ids = { enabled: useId(), hint: useId(), error: useId() };
  const [enabled, setEnabled] = useState(initial.enabled);
  const [delays, setDelays] = useState<number[]>(initial.delaysHours);
  const [choices] = useState(() => followUpChoices(initial.delaysHours));
  const save = useSaveFollowUpsMutation(agentId);
  const { errors, submit } = useSettingsSave(followUpSettingsSchema, save, t('followUps.saved'));
  // The field the message is about: the delays (any of them), or the switch itself.
  const delaysError = translateMessage(
    Object.entries(errors).find(([path]) => path.startsWith('delaysHours'))?.[1] ?? errors.enabled,
  );
  return (
    <div className="grid gap-4" data-testid="follow-ups-card">
      <div className="flex items-start gap-3">
        <Checkbox
          id={ids.enabled}
          checked={enabled}
          onCheckedChange={(checked) => setEnabled(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor={ids.enabled}>{t('followUps.enabled')}</Label>
      </div>
      <fieldset
        className="grid gap-2"
        disabled={!enabled}
        aria-describedby={delaysError ? `${ids.hint} ${ids.error}` : ids.hint}
        data-testid="follow-up-delays"
      >
        <legend className="text-sm font-medium">{t('followUps.delays')}</legend>
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {t('followUps.delaysHint')}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {choices.map((delay) => {
            const id = `${ids.enabled}-delay-${delay}`;
            const checked = delays.includes(delay);
            return (
              <div key={delay} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={!enabled || (!checked && delays.length >= FOLLOW_UPS_MAX)}
                  onCheckedChange={(on) =>
                    setDelays((list) => toggleFollowUp(list, delay, on === true))
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {followUpLabel(delay, t, i18n.language)}
                </Label>
              </div>
            );
          })}
        </div>
        {delaysError ? (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {delaysError}
          </p>
        ) : null}
      </fieldset>
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('followUps.save')}
        onSave={() => submit({ enabled, delaysHours: delays })}
      />
    </div>
  );
}
