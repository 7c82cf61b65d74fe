import { BRAZIL_TIME_ZONES } from '@common/schemas/settings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type BrazilZone = (typeof BRAZIL_TIME_ZONES)[number];
/** A Brazilian zone's key in the `ui` catalogue's `timeZones`: its id without "America/". */
type BrazilZoneKey<Z extends BrazilZone = BrazilZone> = Z extends `America/${infer K}` ? K : never;
const brazilZoneKey = (zone: BrazilZone) => zone.replace('America/', '') as BrazilZoneKey;

export interface ZoneOption {
  value: string;
  label: string;
}

/** The zone's offset from UTC now, as the language writes it ("GMT-3"); empty if unknown. */
function offsetOf(zone: string, lng: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(lng, { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName');
    return parts?.value ?? '';
  } catch {
    return '';
  }
}

/** "America/Argentina/Buenos_Aires" → "Buenos Aires (America)": the city first, as people look. */
function placeOf(zone: string): string {
  const segments = zone.split('/');
  const city = segments.at(-1)!.replaceAll('_', ' ');
  return segments.length > 1 ? `${city} (${segments[0]!.replaceAll('_', ' ')})` : city;
}

/**
 * The time-zone picker's choices: Brazil's zones first, named in words by their city and states
 * (the `ui` catalogue's `timeZones`), then every zone the browser knows by its city, and the saved
 * one if it knows none; each with its offset from UTC now.
 */
export function useZoneOptions(saved: string | undefined): {
  brazil: ZoneOption[];
  others: ZoneOption[];
} {
  const { t, i18n } = useTranslation('ui');
  const lng = i18n.language;
  return useMemo(() => {
    const now = new Date();
    const withOffset = (place: string, zone: string) => {
      const offset = offsetOf(zone, lng, now);
      return offset ? `${place} · ${offset}` : place;
    };
    const brazil: readonly string[] = BRAZIL_TIME_ZONES;
    const others = Intl.supportedValuesOf('timeZone').filter((zone) => !brazil.includes(zone));
    if (saved && !brazil.includes(saved) && !others.includes(saved)) others.push(saved);
    return {
      brazil: BRAZIL_TIME_ZONES.map((zone) => ({
        value: zone,
        label: withOffset(t(`timeZones.${brazilZoneKey(zone)}`), zone),
      })),
      others: others
        .map((zone) => ({ value: zone, label: withOffset(placeOf(zone), zone) }))
        .sort((a, b) => a.label.localeCompare(b.label, lng)),
    };
  }, [saved, lng, t]);
}

/**
 * A zone as a sentence names it ("Brasília" in "no horário de Brasília"): Brazil's zones by the
 * `ui` catalogue's `timeZoneNames`, any other by its city; empty while the zone is unknown.
 */
export function useZoneName(zone: string | undefined): string {
  const { t } = useTranslation('ui');
  if (!zone) return '';
  const brazil: readonly string[] = BRAZIL_TIME_ZONES;
  return brazil.includes(zone)
    ? t(`timeZoneNames.${brazilZoneKey(zone as BrazilZone)}`)
    : zone.split('/').at(-1)!.replaceAll('_', ' ');
}
