import { GO_LIVE_STEPS } from '@common/go-live';
import { PartyPopper, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCelebrateGoLiveMutation } from '@/features/dashboard/api/celebrate-go-live';
import { useChecklistQuery } from '@/features/dashboard/api/get-checklist';
import { toast } from '@/hooks/use-toast';

/** Where the moment's next steps lead; the app wires them to the sections and features. */
export interface GoLiveMomentActions {
  conversations: () => void;
  /** the agent's booking page link (its editor's Agendamentos tab) */
  booking: (agentId: number) => void;
  widget: (agentId: number) => void;
  unanswered: () => void;
}

const NEXT_STEPS = ['conversations', 'booking', 'widget', 'unanswered'] as const;

/**
 * "Seu agente está no ar!": once every step of the go-live checklist is done, in its
 * place, what it means and what to do next — until the owner closes it or follows a next step,
 * which the server records for the owner: it never comes back, on any device (ADR 0037).
 */
export function GoLiveMomentCard({ actions }: { actions: GoLiveMomentActions }) {
  const { t } = useTranslation('home');
  const { data } = useChecklistQuery();
  const celebrate = useCelebrateGoLiveMutation();
  const titleId = useId();
  if (!data?.agent || data.celebrated || celebrate.isSuccess) return null;
  if (!GO_LIVE_STEPS.every((step) => data.done[step])) return null;
  const agentId = data.agent.id;
  const record = () =>
    celebrate.mutate(undefined, {
      onError: () => toast({ variant: 'destructive', title: t('live.dismissFailed') }),
    });
  const follow = (step: (typeof NEXT_STEPS)[number]) => {
    record();
    if (step === 'widget' || step === 'booking') actions[step](agentId);
    else actions[step]();
  };
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-testid="go-live-moment"
      className="border-brand-lime"
    >
      <CardHeader className="flex flex-row items-start gap-3">
        <PartyPopper aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-navy" />
        <div className="grid min-w-0 flex-1 gap-1">
          <CardTitle id={titleId}>{t('live.title')}</CardTitle>
          <CardDescription>{t('live.description', { agent: data.agent.name })}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('live.dismissLabel')}
          disabled={celebrate.isPending}
          onClick={record}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm font-medium">{t('live.nextTitle')}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {NEXT_STEPS.map((step) => (
            <li key={step} className="grid gap-1 rounded-md border p-3">
              <Button
                variant="link"
                className="h-auto justify-start p-0 text-left whitespace-normal"
                onClick={() => follow(step)}
              >
                {t(`live.next.${step}.action`)}
              </Button>
              <p className="text-xs text-muted-foreground">{t(`live.next.${step}.hint`)}</p>
            </li>
          ))}
        </ul>
        <div>
          <Button variant="outline" size="sm" disabled={celebrate.isPending} onClick={record}>
            {t('live.dismiss')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
