import { Eraser } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TestLogEntry, TestStatus } from '@/features/whatsapp/hooks/use-test-log';
import { formatTime } from '@/features/whatsapp/lib/format';
import { toast } from '@/hooks/use-toast';

const TONE: Record<TestStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  success: 'bg-green-100 text-green-800',
  error: 'bg-red-100 text-red-800',
};

/** The latest 20 results with a clear action (toast 'Log limpo'). */
export function TestLog({ entries, onClear }: { entries: TestLogEntry[]; onClear: () => void }) {
  const { t, i18n } = useTranslation('whatsapp');
  return (
    <Card data-testid="whatsapp-test-log">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t('test.logTitle')}</CardTitle>
          <CardDescription>{t('test.logDescription')}</CardDescription>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            onClear();
            toast({ title: t('test.logCleared') });
          }}
        >
          <Eraser aria-hidden="true" />
          {t('test.clearLog')}
        </Button>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('test.logEmpty')}</p>
        ) : (
          <ol className="grid gap-3">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-lg border p-3 text-sm"
                data-testid="test-log-entry"
                data-status={entry.status}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{t(`test.names.${entry.test}`)}</span>
                  <Badge className={`border-transparent ${TONE[entry.status]}`}>
                    {t(`test.statuses.${entry.status}`)}
                  </Badge>
                  <span className="ml-auto text-xs text-muted-foreground">
                    {formatTime(entry.timestamp, i18n.language)}
                    {entry.durationMs !== null ? ` · ${entry.durationMs} ms` : ''}
                  </span>
                </div>
                {entry.data !== null ? (
                  <pre className="mt-2 max-h-40 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">
                    {JSON.stringify(entry.data, null, 2)}
                  </pre>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
