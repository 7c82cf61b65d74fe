import { zodResolver } from '@hookform/resolvers/zod';
import {
  notificationSettingsSchema,
  type NotificationSettingsInput,
} from '@common/schemas/notifications';
import { BellRing } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} from '@/features/settings/api/notification-settings';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { toast } from '@/hooks/use-toast';
import { formatPhone } from '@/lib/display-format';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

const FIELDS = ['whatsappEnabled', 'whatsappPhone'] as const;

/**
 * Alerts on the owner's own WhatsApp: opt-in, to a Brazilian number they type, sent
 * through one of their connected numbers. In the interface's language (the rest of Settings is
 * English in every language).
 */
export function NotificationSettingsCard() {
  const { t, i18n } = useTranslation('notifications');
  const switchId = useId();
  const query = useNotificationSettingsQuery();
  const mutation = useSaveNotificationSettingsMutation();
  const form = useForm<NotificationSettingsInput>({
    resolver: zodResolver(notificationSettingsSchema),
    defaultValues: { whatsappEnabled: false, whatsappPhone: '' },
  });
  const { errors } = form.formState;
  const saved = query.data;
  useEffect(() => {
    if (saved) {
      form.reset({
        whatsappEnabled: saved.whatsappEnabled,
        whatsappPhone: saved.whatsappPhone ? formatPhone(saved.whatsappPhone) : '',
      });
    }
  }, [saved, form]);

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => toast({ title: t('whatsapp.saved') }),
      onError: (error) =>
        reportSubmitError(error, form, FIELDS, () =>
          toast({
            variant: 'destructive',
            title: t('whatsapp.failed'),
            description: errorMessage(error, t('whatsapp.failed')),
          }),
        ),
    });
  });

  return (
    <div lang={i18n.language} data-testid="notification-settings">
      <SettingsCard
        icon={BellRing}
        title={t('whatsapp.title')}
        description={t('whatsapp.description')}
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <Controller
            control={form.control}
            name="whatsappEnabled"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id={switchId}
                  checked={field.value}
                  onCheckedChange={(value) => field.onChange(value === true)}
                  aria-describedby={`${switchId}-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-1">
                  <label htmlFor={switchId} className="text-sm font-medium">
                    {t('whatsapp.enabled')}
                  </label>
                  <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
                    {t('whatsapp.enabledHint')}
                  </p>
                </div>
              </div>
            )}
          />
          <FormField
            label={t('whatsapp.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={25}
            placeholder={t('whatsapp.phonePlaceholder')}
            error={errors.whatsappPhone?.message}
            {...form.register('whatsappPhone')}
          />
          <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
            {mutation.isPending ? t('whatsapp.saving') : t('whatsapp.save')}
          </Button>
        </form>
      </SettingsCard>
    </div>
  );
}
