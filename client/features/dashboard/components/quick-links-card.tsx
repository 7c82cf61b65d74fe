import { ChevronRight, FlaskConical, Plug, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export type QuickLink = 'wizard' | 'quick' | 'evolution' | 'testing';

const LINKS: { id: QuickLink; icon: LucideIcon }[] = [
  { id: 'wizard', icon: Sparkles },
  { id: 'quick', icon: Zap },
  { id: 'evolution', icon: Plug },
  { id: 'testing', icon: FlaskConical },
];

/** 'Links Rápidos': each opens what it names. */
export function QuickLinksCard({ onOpen }: { onOpen: (link: QuickLink) => void }) {
  const { t } = useTranslation('agents');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('home.links.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {LINKS.map(({ id, icon: Icon }) => (
            <li key={id}>
              <button
                type="button"
                onClick={() => onOpen(id)}
                className="flex w-full items-center gap-3 rounded-md border p-3 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-lime text-brand-navy">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{t(`home.links.${id}`)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`home.links.${id}Description`)}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
