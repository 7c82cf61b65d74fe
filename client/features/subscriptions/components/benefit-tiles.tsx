import { Headphones, Timer, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const TILES = [
  ['setup', Timer],
  ['noCode', Wand2],
  ['support', Headphones],
] as const;

export function BenefitTiles() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {TILES.map(([key, Icon]) => (
        <li key={key} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-lime text-brand-navy">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold text-brand-navy">
              {t(`plansPage.benefits.${key}.title`)}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {t(`plansPage.benefits.${key}.description`)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
