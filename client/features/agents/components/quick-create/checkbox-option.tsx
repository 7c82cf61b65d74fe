import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface CheckboxOptionProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Saved with the agent but not yet acted on by the runtime: said so next to the label. */
  comingSoon?: boolean;
}

export function CheckboxOption(props: CheckboxOptionProps) {
  const { id, label, description, checked, onCheckedChange, comingSoon } = props;
  const { t } = useTranslation('agents');
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="flex flex-wrap items-center gap-2">
          {label}
          {comingSoon ? <Badge variant="outline">{t('comingSoon')}</Badge> : null}
        </Label>
        {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      </div>
    </div>
  );
}

/** Adds or removes one value of a list field. */
export function toggleValue<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((item) => item !== value);
}
