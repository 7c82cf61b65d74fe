import { TOOL_IDS, type ToolId } from '@common/agent-options';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import {
  CheckboxOption,
  toggleValue,
} from '@/features/agents/components/quick-create/checkbox-option';
import type { QuickCreateInput } from '@/features/agents/lib/quick-create-form';

/** The tools the agent runtime executes today; the others are stored for later. */
const WORKING_TOOLS: readonly ToolId[] = ['calculator'];

/** Tab Ferramentas: a checkbox per tool and the list of the selected ones. */
export function QuickToolsTab() {
  const { t } = useTranslation('agents');
  const { control } = useFormContext<QuickCreateInput>();
  return (
    <Controller
      control={control}
      name="tools"
      render={({ field }) => {
        const selected = field.value ?? [];
        return (
          <div className="grid gap-4">
            <p className="text-sm text-muted-foreground">{t('quick.toolsIntro')}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              {TOOL_IDS.map((tool) => (
                <CheckboxOption
                  key={tool}
                  id={`tool-${tool}`}
                  label={t(`tools.${tool}.label`)}
                  description={t(`tools.${tool}.description`)}
                  comingSoon={!WORKING_TOOLS.includes(tool)}
                  checked={selected.includes(tool)}
                  onCheckedChange={(on) => field.onChange(toggleValue(selected, tool, on))}
                />
              ))}
            </div>
            <p className="text-xs text-muted-foreground">{t('comingSoonNote')}</p>
            <div className="rounded-md bg-muted/60 p-3" data-testid="selected-tools">
              <p className="mb-2 text-sm font-medium">{t('quick.selectedTools')}</p>
              {selected.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('quick.noTools')}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {selected.map((tool) => (
                    <li key={tool}>
                      <Badge variant="brand">{t(`tools.${tool}.label`)}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        );
      }}
    />
  );
}
