import { BUSINESS_NAME_MAX, bookingSettingsSchema } from '@common/schemas/appointments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useSaveBookingSettingsMutation } from '@/features/appointments/api/save-booking-settings';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { issuesToMessages, serverMessages } from '@/lib/issues';

/**
 * The business's name the booking page and the calendar show; blank, the agent's.
 * Not a <form>: the card sits inside the agent editor's own form.
 */
export function BusinessNameField({ agentId, saved }: { agentId: number; saved: string | null }) {
  const { t } = useTranslation('appointments');
  const [name, setName] = useState(saved ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveBookingSettingsMutation(agentId);

  const submit = () => {
    const parsed = bookingSettingsSchema.safeParse({ businessName: name });
    if (!parsed.success) {
      setError(issuesToMessages(parsed.error).businessName);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (link) => {
        setName(link.businessName ?? '');
        toast({ title: t('bookingLink.nameSaved') });
      },
      onError: (failure) => {
        const field = serverMessages(failure).businessName;
        if (field) setError(field);
        else
          toast({
            variant: 'destructive',
            title: errorMessage(failure, t('bookingLink.nameSaveError')),
          });
      },
    });
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <FormField
            label={t('bookingLink.businessName')}
            value={name}
            maxLength={BUSINESS_NAME_MAX}
            error={error}
            data-testid="booking-business-name"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={submit}>
          {t('bookingLink.saveName')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('bookingLink.businessNameHint')}</p>
    </div>
  );
}
