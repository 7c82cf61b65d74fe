import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { issuesToMessages, serverMessages, type FieldMessages } from '@/lib/issues';

/**
 * The agent's settings cards of the editor's tabs (availability, business hours, reminders,
 * WhatsApp follow-ups): one card shell that loads the saved value, and one save that checks it with
 * the shared schema, places the messages beside their fields (the browser's or the server's) and
 * says when it is saved. Not a <form>: the tabs sit inside the agent editor's own form.
 */
export function LoadedSettingsCard<T>({
  icon: Icon,
  title,
  description,
  query,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  children: (saved: T) => ReactNode;
}) {
  const { t } = useTranslation('ui');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <ErrorAlert message={errorMessage(query.error, t('settingsCard.loadError'))} />
        ) : query.data ? (
          children(query.data)
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

export function useSettingsSave<T>(
  schema: z.ZodType<T>,
  save: UseMutationResult<T, unknown, T>,
  savedTitle: string,
) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const submit = (value: unknown) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setErrors(issuesToMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: savedTitle }),
      onError: (failure) => setErrors(serverMessages(failure)),
    });
  };
  return { errors, submit };
}

/** The save button, and the failure no field explains. */
export function SettingsSaveFooter({
  save,
  errors,
  label,
  onSave,
}: {
  save: Pick<UseMutationResult<unknown, unknown, never>, 'isError' | 'isPending' | 'error'>;
  errors: FieldMessages;
  label: string;
  onSave: () => void;
}) {
  const { t } = useTranslation('ui');
  const placed = Object.keys(errors).length > 0;
  return (
    <>
      {save.isError && !placed ? (
        <ErrorAlert message={errorMessage(save.error, t('settingsCard.saveError'))} />
      ) : null}
      <Button
        type="button"
        className="justify-self-start"
        disabled={save.isPending}
        onClick={onSave}
      >
        {save.isPending ? t('settingsCard.saving') : label}
      </Button>
    </>
  );
}
