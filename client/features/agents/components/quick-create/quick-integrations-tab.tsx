import { GOOGLE_SERVICES } from '@common/agent-options';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxOption,
  toggleValue,
} from '@/features/agents/components/quick-create/checkbox-option';
import { ExternalApisFields } from '@/features/agents/components/quick-create/external-apis-fields';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

/** Tab Integrações: Google services (stored for later) and the external APIs the agent calls. */
export function QuickIntegrationsTab() {
  const { t } = useTranslation('agents');
  const { control } = useFormContext<QuickCreateInput>();
  return (
    <div className="grid gap-6">
      <Controller
        control={control}
        name="googleServices"
        render={({ field }) => {
          const selected = field.value ?? [];
          return (
            <fieldset className="grid gap-3">
              <legend className="font-medium">{t('quick.google.title')}</legend>
              <p className="text-sm text-muted-foreground">{t('quick.google.description')}</p>
              <div className="grid gap-2 sm:grid-cols-2">
                {GOOGLE_SERVICES.map((service) => (
                  <CheckboxOption
                    key={service}
                    id={`google-${service}`}
                    label={t(`googleServices.${service}`)}
                    comingSoon
                    checked={selected.includes(service)}
                    onCheckedChange={(on) => field.onChange(toggleValue(selected, service, on))}
                  />
                ))}
              </div>
              <p className="text-xs text-muted-foreground">{t('comingSoonNote')}</p>
            </fieldset>
          );
        }}
      />
      <ExternalApisFields />
    </div>
  );
}
