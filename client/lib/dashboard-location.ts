/**
 * Dashboard sections are switched by state, not by route. The section in view is kept in the
 * history entry's state, so Back from the editor and a reload return to it, and other pages can
 * open /dashboard on a given section.
 */
export interface DashboardHistoryState {
  section?: string;
}

export function dashboardSectionState(section: string): DashboardHistoryState {
  return { section };
}

export function readDashboardSection(): string | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null) return undefined;
  const section = (state as DashboardHistoryState).section;
  return typeof section === 'string' ? section : undefined;
}

export function rememberDashboardSection(section: string): void {
  const current: unknown = window.history.state;
  const base = typeof current === 'object' && current !== null ? current : {};
  window.history.replaceState({ ...base, section }, '');
}
