import {
  ChevronRight,
  FlaskConical,
  MessageCircle,
  MessagesSquare,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SECTION_PATHS } from '@/lib/dashboard-paths';

/**
 * The first hour's steps, none of them an integrator's: the wizard, then a section's
 * link each.
 */
const LINKS: {
  id: 'wizard' | 'whatsapp' | 'testing' | 'conversations';
  icon: LucideIcon;
  href?: string;
}[] = [
  { id: 'wizard', icon: Sparkles },
  { id: 'whatsapp', icon: MessageCircle, href: SECTION_PATHS.whatsapp },
  { id: 'testing', icon: FlaskConical, href: SECTION_PATHS.testing },
  { id: 'conversations', icon: MessagesSquare, href: SECTION_PATHS.conversations },
];

const ROW =
  'flex w-full items-center gap-3 rounded-md border p-3 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';

/** 'Atalhos': each opens what it names; the sections' as links. */
export function QuickLinksCard({ onWizard }: { onWizard: () => void }) {
  const { t } = useTranslation('home');
  return (
    <Card data-testid="quick-links">
      <CardHeader>
        <CardTitle>{t('links.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {LINKS.map(({ id, icon: Icon, href }) => {
            const body: ReactNode = (
              <>
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-lime text-brand-navy">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{t(`links.${id}`)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`links.${id}Description`)}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
              </>
            );
            return (
              <li key={id}>
                {href ? (
                  <Link href={href} className={ROW}>
                    {body}
                  </Link>
                ) : (
                  <button type="button" onClick={onWizard} className={ROW}>
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
