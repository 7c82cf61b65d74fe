import { availabilitySchema, type Availability } from '@common/schemas/appointments';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvailabilityQuery } from '@/features/appointments/api/get-availability';
import { useSaveAvailabilityMutation } from '@/features/appointments/api/save-availability';
import {
  issuesToMessages,
  serverMessages,
  type FieldMessages,
} from '@/features/appointments/lib/issues';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { TimeZoneField } from './time-zone-field';
import { WeeklyWindowsEditor, type WindowRow } from './weekly-windows-editor';

/** When the agent books and how many customers at once (chairs, rooms, professionals). */
export function AvailabilityCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const query = useAvailabilityQuery(agentId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5" />
          {t('availability.title')}
        </CardTitle>
        <CardDescription>{t('availability.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('settings.loadError'))} />
        ) : query.data ? (
          <AvailabilityForm agentId={agentId} initial={query.data} />
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function AvailabilityForm({ agentId, initial }: { agentId: number; initial: Availability }) {
  const { t } = useTranslation('appointments');
  const [timezone, setTimezone] = useState(initial.timezone);
  const [weekly, setWeekly] = useState<WindowRow[]>(initial.weekly);
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useSaveAvailabilityMutation(agentId);

  // Not a <form>: the tab sits inside the agent editor's own form.
  const submit = () => {
    const parsed = availabilitySchema.safeParse({ timezone, weekly });
    if (!parsed.success) {
      setErrors(issuesToMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: t('availability.saved') }),
      onError: (failure) => setErrors(serverMessages(failure)),
    });
  };
  const placed = Object.keys(errors).length > 0;

  return (
    <div className="grid gap-4">
      <TimeZoneField value={timezone} onChange={setTimezone} error={errors.timezone} />
      <WeeklyWindowsEditor
        windows={weekly}
        onChange={setWeekly}
        withCapacity
        errors={errors}
        testId="availability-week"
      />
      {save.isError && !placed ? (
        <ErrorAlert message={errorMessage(save.error, t('settings.saveError'))} />
      ) : null}
      <Button
        type="button"
        className="justify-self-start"
        disabled={save.isPending}
        onClick={submit}
      >
        {save.isPending ? t('settings.saving') : t('availability.save')}
      </Button>
    </div>
  );
}
