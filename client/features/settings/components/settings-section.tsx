import { ApiConfigCard } from '@/features/settings/components/api-config-card';
import { NotificationSettingsCard } from '@/features/settings/components/notification-settings-card';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { SecurityForm } from '@/features/settings/components/security-form';
import { SubscriptionCard } from '@/features/settings/components/subscription-card';
import { TimeZoneCard } from '@/features/settings/components/time-zone-card';

/** Section "settings": profile, API configuration and security (in English). */
export function SettingsSection() {
  return (
    // The settings screens are English in every interface language.
    <div lang="en" className="grid gap-6 lg:grid-cols-2" data-testid="settings-section">
      <div className="grid content-start gap-6">
        <ProfileForm />
        <SecurityForm />
        <NotificationSettingsCard />
        <TimeZoneCard />
      </div>
      <div className="grid content-start gap-6">
        <SubscriptionCard />
        <ApiConfigCard />
      </div>
    </div>
  );
}
