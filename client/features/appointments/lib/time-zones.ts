import { BRAZIL_TIME_ZONES } from '@common/schemas/settings';

export interface ZoneOption {
  value: string;
  label: string;
}

/** Brazil's zones first, then every zone the browser knows, and the saved one if it knows none. */
export function zoneOptions(saved: string | undefined): {
  brazil: ZoneOption[];
  others: ZoneOption[];
} {
  const brazil: readonly string[] = BRAZIL_TIME_ZONES;
  const others = Intl.supportedValuesOf('timeZone').filter((zone) => !brazil.includes(zone));
  if (saved && !brazil.includes(saved) && !others.includes(saved)) others.push(saved);
  const option = (zone: string) => ({ value: zone, label: zone.replaceAll('_', ' ') });
  return { brazil: brazil.map(option), others: others.map(option) };
}
