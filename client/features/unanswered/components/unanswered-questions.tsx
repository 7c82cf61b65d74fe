import type { UnansweredGroup } from '@common/schemas/analytics';
import { MessageCircleQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnansweredQuery } from '@/features/unanswered/api/get-unanswered';
import { formatClock } from '@/lib/display-format';
import { AnswerDialog } from './answer-dialog';

/** How many example conversations a group links to. */
const EXAMPLES_SHOWN = 3;

interface UnansweredQuestionsProps {
  /** only this agent's questions; all of the owner's agents by default */
  agentId?: number;
  /** opens a conversation (in the inbox); without it, no links to conversations are shown */
  onOpenConversation?: (conversationId: number) => void;
  /** the page around it already titles it (the Reports section): only the description shows */
  hideTitle?: boolean;
}

/**
 * 'Perguntas sem resposta': the questions the agents could not answer, grouped, each
 * with 'Responder e ensinar', which turns the owner's answer into knowledge of the agent.
 */
export function UnansweredQuestions({
  agentId,
  onOpenConversation,
  hideTitle = false,
}: UnansweredQuestionsProps) {
  const { t } = useTranslation('unanswered');
  const groups = useUnansweredQuery(agentId);
  const titleId = useId();
  return (
    <Card {...(hideTitle ? {} : { role: 'region', 'aria-labelledby': titleId })}>
      <CardHeader>
        {hideTitle ? null : (
          <CardTitle id={titleId} className="flex items-center gap-2">
            <MessageCircleQuestion aria-hidden="true" className="size-5" />
            {t('title')}
          </CardTitle>
        )}
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {groups.isPending ? (
          <div className="grid gap-3" aria-hidden="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : groups.isError ? (
          <ErrorAlert message={t('loadError')}>
            <Button variant="outline" size="sm" onClick={() => void groups.refetch()}>
              {t('retry')}
            </Button>
          </ErrorAlert>
        ) : groups.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {groups.data.map((group) => (
              <GroupItem key={group.id} group={group} onOpenConversation={onOpenConversation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GroupItem({
  group,
  onOpenConversation,
}: {
  group: UnansweredGroup;
  onOpenConversation: ((conversationId: number) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('unanswered');
  const [answering, setAnswering] = useState(false);
  const examples = group.conversationIds.slice(0, EXAMPLES_SHOWN);
  return (
    <li
      className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start"
      data-testid="unanswered-group"
    >
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words text-brand-navy">{group.question}</p>
        <p className="text-sm text-muted-foreground">
          {[
            t('asked', { count: group.count }),
            t('lastAsked', { when: formatClock(group.lastAskedAt, i18n.language) }),
            t('agent', { name: group.agentName }),
          ].join(' · ')}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {group.reasons.map((reason) => (
            <Badge key={reason} variant="secondary">
              {t(`reasons.${reason}`)}
            </Badge>
          ))}
          {/* asked in the owner's test console: it has no conversation to link to */}
          {group.origins.includes('test') ? (
            <Badge variant="outline" data-testid="unanswered-origin-test">
              {t('askedInTest')}
            </Badge>
          ) : null}
        </div>
        {onOpenConversation && examples.length > 0 ? (
          <div className="flex flex-wrap items-center gap-1 text-sm">
            <span className="text-muted-foreground">{t('examples')}</span>
            {examples.map((conversationId, index) => (
              <Button
                key={conversationId}
                variant="link"
                size="sm"
                className="h-auto px-1 py-0"
                aria-label={t('openConversationLabel', { number: index + 1 })}
                onClick={() => onOpenConversation(conversationId)}
              >
                {t('openConversation', { number: index + 1 })}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <Button
        variant="brand"
        size="sm"
        aria-label={t('answerLabel', { question: group.question })}
        onClick={() => setAnswering(true)}
      >
        {t('answer')}
      </Button>
      <AnswerDialog group={group} open={answering} onOpenChange={setAnswering} />
    </li>
  );
}
