import {
  FOLLOW_UPS_MAX,
  followUpSettingsSchema,
  type FollowUpSettings,
} from '@common/schemas/follow-ups';
import { MessageCircleReply } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { HourChoicesFieldset } from '@/components/hour-choices-fieldset';
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
      <HourChoicesFieldset
        enabled={enabled}
        onEnabledChange={setEnabled}
        enabledLabel={t('followUps.enabled')}
        legend={t('followUps.delays')}
        hint={t('followUps.delaysHint')}
        choices={choices}
        chosen={delays}
        max={FOLLOW_UPS_MAX}
        onToggle={(delay, on) => setDelays((list) => toggleFollowUp(list, delay, on))}
        label={(delay) => followUpLabel(delay, t, i18n.language)}
        error={delaysError}
        testId="follow-up-delays"
        wideColumns="sm:grid-cols-3"
      />
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('followUps.save')}
        onSave={() => submit({ enabled, delaysHours: delays })}
      />
    </div>
  );
}
