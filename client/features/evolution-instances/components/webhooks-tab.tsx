import type { WebhookDefaultsView } from '@common/schemas/whatsapp';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useWebhookDefaultsQuery } from '@/features/evolution-instances/api/get-webhook-defaults';
import { useSaveWebhookDefaultsMutation } from '@/features/evolution-instances/api/save-webhook-defaults';
import { EventsCheckboxes } from '@/features/evolution-instances/components/events-checkboxes';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { webhookDefaultsSchema } from '@common/schemas/whatsapp';

/** Webhooks tab: default URL, secret and events used for new gateway instances. */
export function WebhooksTab() {
  const { t } = useTranslation('evolution');
  const defaults = useWebhookDefaultsQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('webhooks.title')}</CardTitle>
        <CardDescription>{t('webhooks.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {defaults.isPending ? (
          <Spinner label={t('webhooks.loading')} />
        ) : defaults.isError ? (
          <ErrorAlert title={t('webhooks.loadError')} message={defaults.error.message} />
        ) : (
          <WebhookDefaultsForm initial={defaults.data} />
        )}
      </CardContent>
    </Card>
  );
}

function WebhookDefaultsForm({ initial }: { initial: WebhookDefaultsView }) {
  const { t } = useTranslation('evolution');
  const ids = { url: useId(), secret: useId() };
  const [url, setUrl] = useState(initial.url ?? '');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<string[]>(initial.events);
  const [urlError, setUrlError] = useState<string | undefined>();
  const save = useSaveWebhookDefaultsMutation();

  const submit = () => {
    const input = { url, events, ...(secret.trim() ? { secret: secret.trim() } : {}) };
    const parsed = webhookDefaultsSchema.safeParse(input);
    if (!parsed.success) {
      setUrlError(parsed.error.issues.find((issue) => issue.path[0] === 'url')?.message);
      return;
    }
    setUrlError(undefined);
    save.mutate(input, {
      onSuccess: () => {
        setSecret('');
        toast({
          title: t('toasts.webhooksSaved'),
          description: t('toasts.webhooksSavedDescription'),
        });
      },
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? error.fieldErrors.url?.[0] : undefined;
        setUrlError(fieldMessage);
        if (fieldMessage) return;
        toast({
          variant: 'destructive',
          title: t('toasts.webhooksFailed'),
          description: errorMessage(error, t('toasts.webhooksFailed')),
        });
      },
    });
  };

  return (
    <form
      noValidate
      className="grid max-w-2xl gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <LabelledField
        htmlFor={ids.url}
        label={t('webhooks.url')}
        hint={t('webhooks.urlHint')}
        error={urlError}
      >
        <Input
          {...fieldA11y(ids.url, urlError)}
          value={url}
          placeholder="https://…/api/whatsapp/webhook"
          onChange={(e) => setUrl(e.target.value)}
        />
      </LabelledField>
      <LabelledField
        htmlFor={ids.secret}
        label={t('webhooks.secret')}
        hint={initial.secretSet ? t('webhooks.secretKeep') : t('webhooks.secretHint')}
      >
        <Input
          id={ids.secret}
          type="password"
          autoComplete="new-password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </LabelledField>
      <EventsCheckboxes value={events} onChange={setEvents} />
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t('webhooks.saving') : t('webhooks.save')}
      </Button>
    </form>
  );
}
