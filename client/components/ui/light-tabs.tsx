import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/utils';

// The look of ui/tabs.tsx's Radix tabs, kept here so the sign-in page's chunk holds it (a module
// shared with ui/tabs.tsx would be one more request): change both together.
const TABS_LIST_CLASS =
  'inline-flex min-h-10 max-w-full flex-wrap items-center justify-center rounded-md bg-muted p-1 text-muted-foreground';
const TABS_TRIGGER_CLASS =
  'inline-flex items-center justify-center rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';
const TABS_CONTENT_CLASS = 'mt-4 outline-none focus-visible:ring-2 focus-visible:ring-ring';

export interface LightTab<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
}

/** Where each key moves the focus (and the selection) from tab `index` of `count`. */
function target(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * Tabs for a page that must stay light (the sign-in page), with what the Radix tabs of
 * ui/tabs.tsx give and their look: the WAI-ARIA tabs pattern (tablist, tab, tabpanel,
 * aria-selected, aria-controls, aria-labelledby), one tab in the Tab order, the arrows, Home
 * and End moving the focus and the selection (automatic activation, wrapping round), and only the
 * selected panel's content mounted. Every other screen keeps the Radix tabs.
 */
export function LightTabs<V extends string>({
  tabs,
  defaultValue,
  label,
  listClassName,
}: {
  tabs: readonly LightTab<V>[];
  defaultValue: V;
  /** the tab list's accessible name */
  label: string;
  listClassName?: string;
}) {
  const [selected, setSelected] = useState(defaultValue);
  // On a page the build rendered (scripts/prerender.ts), a click before the script runs would
  // change nothing: until then the tabs say they are unavailable (greyed out they would flash).
  const hydrated = useHydrated();
  const baseId = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const triggerId = (value: V) => `${baseId}-trigger-${value}`;
  const panelId = (value: V) => `${baseId}-content-${value}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = target(event.key, index, tabs.length);
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    triggers.current[next]?.focus();
    setSelected(tab.value);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={cn(TABS_LIST_CLASS, listClassName)}
      >
        {tabs.map((tab, index) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                triggers.current[index] = element;
              }}
              type="button"
              role="tab"
              id={triggerId(tab.value)}
              aria-selected={active}
              aria-controls={panelId(tab.value)}
              data-state={active ? 'active' : 'inactive'}
              tabIndex={active ? 0 : -1}
              aria-disabled={hydrated ? undefined : true}
              className={TABS_TRIGGER_CLASS}
              onClick={() => setSelected(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const active = tab.value === selected;
        return (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={triggerId(tab.value)}
            data-state={active ? 'active' : 'inactive'}
            hidden={!active}
            tabIndex={0}
            className={TABS_CONTENT_CLASS}
          >
            {active ? tab.content : null}
          </div>
        );
      })}
    </div>
  );
}
