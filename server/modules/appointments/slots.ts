import { addDays, daysBetween, instantOf, today, wallClock, weekdayOf } from './wall-clock';

/**
 * The slot rules, pure (no database, no clock of its own):
 * - a slot starts on the window's grid: every 15 minutes from the window's start, or every
 *   `durationMinutes` for a service shorter than that (a 10-minute service every 10 minutes);
 * - the appointment and the buffer after it fit in the window: start ≥ window start and
 *   end + buffer ≤ window end (the buffer before only keeps it apart from other appointments);
 * - it is not in the past, nor on a holiday of the business hours;
 * - for a customer, its day is not past the horizon: today + `horizonDays`, in the rules' zone
 *   (null: no horizon, the owner's own agenda);
 * - one seat (1..capacity of the window) is free for its blocked time
 *   [start − buffer, end + buffer): no confirmed appointment holding that seat overlaps it —
 *   exactly what the database's exclusion constraint enforces (ADR 0026).
 * Windows are wall-clock times of the availability's zone; each is turned into instants on its
 * own day, so a day whose clocks change has the window's real length.
 */

export interface SlotWindow {
  weekday: number;
  start: string;
  end: string;
  capacity: number;
}

export interface SlotService {
  durationMinutes: number;
  bufferMinutes: number;
}

/** A confirmed appointment's hold on a seat, as instants in milliseconds. */
export interface SeatHold {
  blockedFrom: number;
  blockedTo: number;
  seat: number;
}

export interface SlotRules {
  timezone: string;
  weekly: SlotWindow[];
  holidays: readonly string[];
  /** the last bookable day is today + this many days; null: no horizon */
  horizonDays: number | null;
}

const MINUTE = 60_000;
export const GRID_MINUTES = 15;

export function gridMinutes(durationMinutes: number): number {
  return Math.min(GRID_MINUTES, durationMinutes);
}

/** The appointment's blocked time for a start. */
export function blockedRange(service: SlotService, startsAt: number) {
  const endsAt = startsAt + service.durationMinutes * MINUTE;
  return {
    endsAt,
    blockedFrom: startsAt - service.bufferMinutes * MINUTE,
    blockedTo: endsAt + service.bufferMinutes * MINUTE,
  };
}

/** The seats (1..capacity) no hold overlapping [from, to) takes. */
export function freeSeats(capacity: number, holds: readonly SeatHold[], from: number, to: number) {
  const taken = new Set<number>();
  for (const hold of holds) {
    if (hold.blockedFrom < to && from < hold.blockedTo) taken.add(hold.seat);
  }
  const free: number[] = [];
  for (let seat = 1; seat <= capacity; seat++) if (!taken.has(seat)) free.push(seat);
  return free;
}

/** The last day (YYYY-MM-DD of `zone`) a customer may book at `now`: today + the horizon. */
export function horizonLastDay(zone: string, horizonDays: number, now: number): string {
  return addDays(today(zone, new Date(now)), horizonDays);
}

/** The rules' last bookable day at `now`; null: no horizon. */
function lastBookableDay(rules: SlotRules, now: number): string | null {
  return rules.horizonDays === null ? null : horizonLastDay(rules.timezone, rules.horizonDays, now);
}

export interface FreeSlot {
  startsAt: number;
  endsAt: number;
}

/** Every free slot of `service` on the days `from`..`to` (of the rules' zone). */
export function freeSlots(
  rules: SlotRules,
  service: SlotService,
  days: { from: string; to: string },
  holds: readonly SeatHold[],
  now: number,
): FreeSlot[] {
  const sorted = [...holds].sort((a, b) => a.blockedFrom - b.blockedFrom);
  // a hold lasts at most its service and buffers: search from the first that may still overlap
  const longest = sorted.reduce((max, h) => Math.max(max, h.blockedTo - h.blockedFrom), 0);
  const holiday = new Set(rules.holidays);
  const step = gridMinutes(service.durationMinutes) * MINUTE;
  const slots: FreeSlot[] = [];
  const last = lastBookableDay(rules, now);
  const to = last !== null && last < days.to ? last : days.to;
  for (const day of daysBetween(days.from, to)) {
    if (holiday.has(day)) continue;
    const weekday = weekdayOf(day);
    const windows = rules.weekly
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start));
    for (const window of windows) {
      const windowFrom = instantOf(rules.timezone, day, window.start).getTime();
      const windowTo = instantOf(rules.timezone, day, window.end).getTime();
      for (let start = windowFrom; start < windowTo; start += step) {
        const range = blockedRange(service, start);
        if (range.endsAt + service.bufferMinutes * MINUTE > windowTo) break;
        if (start < now) continue;
        const nearby = overlapping(sorted, longest, range.blockedFrom, range.blockedTo);
        if (freeSeats(window.capacity, nearby, range.blockedFrom, range.blockedTo).length > 0) {
          slots.push({ startsAt: start, endsAt: range.endsAt });
        }
      }
    }
  }
  return slots;
}

/** The holds (sorted by blockedFrom, none longer than `longest`) that may overlap [from, to). */
function overlapping(sorted: readonly SeatHold[], longest: number, from: number, to: number) {
  let lo = 0;
  let hi = sorted.length;
  const earliest = from - longest;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.blockedFrom < earliest) lo = mid + 1;
    else hi = mid;
  }
  const out: SeatHold[] = [];
  for (let i = lo; i < sorted.length && sorted[i]!.blockedFrom < to; i++) {
    if (sorted[i]!.blockedTo > from) out.push(sorted[i]!);
  }
  return out;
}

export type Placement =
  | { ok: true; capacity: number; endsAt: number; blockedFrom: number; blockedTo: number }
  | { ok: false; reason: 'past' | 'outside' | 'horizon' };

/**
 * Whether an appointment of `service` may start at `startsAt`: a slot of the rules (on a
 * window's grid, fitting, not a holiday, not past, not beyond the horizon). Free seats are the
 * database's to decide.
 */
export function placeAppointment(
  rules: SlotRules,
  service: SlotService,
  startsAt: number,
  now: number,
): Placement {
  if (startsAt < now) return { ok: false, reason: 'past' };
  const { day, weekday } = wallClock(rules.timezone, new Date(startsAt));
  const last = lastBookableDay(rules, now);
  if (last !== null && day > last) return { ok: false, reason: 'horizon' };
  if (rules.holidays.includes(day)) return { ok: false, reason: 'outside' };
  const step = gridMinutes(service.durationMinutes) * MINUTE;
  const range = blockedRange(service, startsAt);
  for (const window of rules.weekly) {
    if (window.weekday !== weekday) continue;
    const windowFrom = instantOf(rules.timezone, day, window.start).getTime();
    const windowTo = instantOf(rules.timezone, day, window.end).getTime();
    if (startsAt < windowFrom) continue;
    if (range.endsAt + service.bufferMinutes * MINUTE > windowTo) continue;
    if ((startsAt - windowFrom) % step !== 0) continue;
    return { ok: true, capacity: window.capacity, ...range };
  }
  return { ok: false, reason: 'outside' };
}
