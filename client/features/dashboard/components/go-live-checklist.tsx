import { GO_LIVE_STEPS, type GoLiveChecklist, type GoLiveStep } from '@common/go-live';
import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { useChecklistQuery } from '@/features/dashboard/api/get-checklist';

/** What each step's button does; the app wires them to the features that do the step. */
export interface ChecklistActions {
  subscribe: () => void;
  createAgent: () => void;
  activate: (agentId: number) => void;
  addKnowledge: (agentId: number) => void;
  test: (agentId: number) => void;
  connectWhatsapp: (agentId: number) => void;
  installWidget: (agentId: number) => void;
}

interface GoLiveChecklistCardProps {
  actions: ChecklistActions;
  /** the agent being activated, while its request is under way */
  activating?: boolean;
}

/**
 * 'Coloque seu agente no ar': the steps between a new owner and customers being answered, each
 * done or with the button that does it, and a progress bar. Gone once every step is done.
 */
export function GoLiveChecklistCard({ actions, activating = false }: GoLiveChecklistCardProps) {
  const { t } = useTranslation('home');
  const { data } = useChecklistQuery();
  if (!data) return null;
  const doneCount = GO_LIVE_STEPS.filter((step) => data.done[step]).length;
  if (doneCount === GO_LIVE_STEPS.length) return null;
  const left = GO_LIVE_STEPS.length - doneCount;
  return (
    <Card data-testid="go-live-checklist">
      <CardHeader>
        <CardTitle>{t('checklist.title')}</CardTitle>
        <CardDescription>{t('checklist.description', { count: left })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <Progress
            value={Math.round((doneCount / GO_LIVE_STEPS.length) * 100)}
            aria-label={t('checklist.progress', {
              done: doneCount,
              total: GO_LIVE_STEPS.length,
            })}
          />
          <p className="text-xs text-muted-foreground">
            {t('checklist.progress', { done: doneCount, total: GO_LIVE_STEPS.length })}
          </p>
        </div>
        <ol className="grid gap-2">
          {GO_LIVE_STEPS.map((step) => (
            <StepRow key={step} step={step} data={data} actions={actions} activating={activating} />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

interface StepRowProps {
  step: GoLiveStep;
  data: GoLiveChecklist;
  actions: ChecklistActions;
  activating: boolean;
}

function StepRow({ step, data, actions, activating }: StepRowProps) {
  const { t } = useTranslation('home');
  const done = data.done[step];
  const Icon = done ? CheckCircle2 : Circle;
  const hint =
    step === 'widget' && done && data.widgetOrigin
      ? t('checklist.steps.widget.seenOn', { site: data.widgetOrigin })
      : t(`checklist.steps.${step}.hint`);
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-md border p-3"
      data-testid={`checklist-${step}`}
      data-done={done}
    >
      <Icon
        aria-hidden="true"
        className={
          done ? 'size-5 shrink-0 text-emerald-600' : 'size-5 shrink-0 text-muted-foreground'
        }
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {t(`checklist.steps.${step}.title`)}
          {done ? <span className="sr-only"> — {t('checklist.done')}</span> : null}
        </p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      {done ? null : (
        <StepAction step={step} data={data} actions={actions} activating={activating} />
      )}
    </li>
  );
}

function StepAction({ step, data, actions, activating }: StepRowProps) {
  const { t } = useTranslation('home');
  const agentId = data.agent?.id;
  // Every step after the subscription is about an agent: without one, the button creates it.
  if (step !== 'subscription' && agentId === undefined) {
    return step === 'agent' ? (
      <Button size="sm" variant="brand" onClick={actions.createAgent}>
        {t('checklist.steps.agent.create')}
      </Button>
    ) : null;
  }
  const run: Record<GoLiveStep, () => void> = {
    subscription: actions.subscribe,
    agent: () => actions.activate(agentId!),
    knowledge: () => actions.addKnowledge(agentId!),
    tested: () => actions.test(agentId!),
    whatsapp: () => actions.connectWhatsapp(agentId!),
    widget: () => actions.installWidget(agentId!),
  };
  const busy = step === 'agent' && activating;
  return (
    <Button size="sm" variant="outline" onClick={run[step]} disabled={busy}>
      {busy ? t('checklist.steps.agent.activating') : t(`checklist.steps.${step}.action`)}
    </Button>
  );
}
