import { findPlaceholders } from '@common/placeholders';
import { TriangleAlert } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { EditorValues } from '@/features/agents/lib/editor-form';

/** How many placeholders the warning names; the rest is "…". */
const SHOWN = 6;

/**
 * Names the template placeholders (`[nome da padaria]`) left in a text of the editor:
 * the server never sends them to customers nor counts them as knowledge, so the owner must know
 * they are there. A status, not an alert: it changes as the owner types.
 */
export function PlaceholderWarning({
  name,
  id,
}: {
  name: 'systemPrompt' | 'knowledgeBase';
  id: string;
}) {
  const { t } = useTranslation('agents');
  const text = useWatch<EditorValues, typeof name>({ name }) ?? '';
  const found = findPlaceholders(text);
  if (found.length === 0) return null;
  const list = found.slice(0, SHOWN).join(', ') + (found.length > SHOWN ? ', …' : '');
  return (
    <Alert
      role="status"
      id={id}
      data-testid={`placeholders-${name}`}
      className="border-amber-300 bg-amber-50 text-amber-900"
    >
      <TriangleAlert aria-hidden="true" className="text-amber-600" />
      <AlertTitle>{t('editor.placeholders.title')}</AlertTitle>
      <AlertDescription>
        {t('editor.placeholders.description', { count: found.length, list })}
      </AlertDescription>
    </Alert>
  );
}
