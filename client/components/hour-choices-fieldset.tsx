import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

interface HourChoicesFieldsetProps {
  /** the switch that turns the whole setting on or off, and its label */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  enabledLabel: string;
  legend: string;
  hint: string;
  /** every value offered, in the order shown; `chosen` those checked (at most `max`) */
  choices: readonly number[];
  chosen: readonly number[];
  max: number;
  onToggle: (hours: number, on: boolean) => void;
  /** how a value reads ("1 dia antes", "depois de 3 horas") */
  label: (hours: number) => string;
  /** the field's error, shown under the choices and read with them */
  error?: string | null | undefined;
  /** the choices' fieldset test id */
  testId: string;
  /** the grid's columns from the small breakpoint up */
  wideColumns: 'sm:grid-cols-3' | 'sm:grid-cols-4';
}

/**
 * A setting that is on or off and a few hours picked from usual choices (see lib/hour-choices):
 * the reminders' leads, the follow-ups' delays. Off, the choices are greyed out; once `max` are
 * chosen, the others cannot be.
 */
export function HourChoicesFieldset(props: HourChoicesFieldsetProps) {
  const ids = { enabled: useId(), hint: useId(), error: useId() };
  const { enabled, chosen, max, error } = props;
  return (
    <>
      <div className="flex items-start gap-3">
        <Checkbox
          id={ids.enabled}
          checked={enabled}
          onCheckedChange={(checked) => props.onEnabledChange(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor={ids.enabled}>{props.enabledLabel}</Label>
      </div>
      <fieldset
        className="grid gap-2"
        disabled={!enabled}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        data-testid={props.testId}
      >
        <legend className="text-sm font-medium">{props.legend}</legend>
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
        <div className={`grid grid-cols-2 gap-2 ${props.wideColumns}`}>
          {props.choices.map((hours) => {
            const id = `${ids.enabled}-choice-${hours}`;
            const checked = chosen.includes(hours);
            return (
              <div key={hours} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={!enabled || (!checked && chosen.length >= max)}
                  onCheckedChange={(on) => props.onToggle(hours, on === true)}
                />
                <Label htmlFor={id} className="font-normal">
                  {props.label(hours)}
                </Label>
              </div>
            );
          })}
        </div>
        {error ? (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
