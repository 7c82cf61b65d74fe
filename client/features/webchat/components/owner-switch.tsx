import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import type { CustomizeValues } from '@/features/webchat/lib/customize-form';

interface OwnerSwitchProps {
  control: Control<CustomizeValues>;
  name: 'whatsappLink' | 'showSources';
}

/** One on/off choice of the owner, with the line that says what it does for the visitor. */
export function OwnerSwitch({ control, name }: OwnerSwitchProps) {
  const { t } = useTranslation('webchat');
  const id = `webchat-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Checkbox
            id={id}
            checked={field.value}
            onCheckedChange={(value) => field.onChange(value === true)}
            aria-describedby={`${id}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {t(`customize.${name}`)}
            </label>
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {t(`customize.${name}Hint`)}
            </p>
          </div>
        </div>
      )}
    />
  );
}
