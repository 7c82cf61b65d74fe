import {
  BOOKING_HORIZON_DAYS,
  type Availability,
  type AvailabilityInput,
  type AvailabilityView,
  type BusinessHours,
  type BusinessHoursInput,
} from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { getAgent } from '../agents';
import { ownerTimeZone } from '../settings';
import { ensureBookingPage } from './booking-page.service';
import * as repo from './schedule.repo';
import type { SlotRules } from './slots';

/**
 * An agent's availability (when it books, with capacity) and business hours (when it answers).
 * Never saved: availability is the owner's time zone with no window (nothing bookable); business
 * hours follow the availability (ADR 0035) — with none saved, an empty week: always open. Hours
 * the owner separated keep their own week and zone.
 */

export async function getAvailability(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<AvailabilityView> {
  await getAgent(ctx.database.db, ownerId, agentId);
  const saved = await repo.findAvailability(ctx.database.db, ownerId, agentId);
  return { ...(saved ?? (await unsavedAvailability(ctx, ownerId))), saved: saved !== null };
}

async function unsavedAvailability(ctx: AppContext, ownerId: number): Promise<Availability> {
  return {
    timezone: await ownerTimeZone(ctx, ownerId),
    weekly: [],
    horizonDays: BOOKING_HORIZON_DAYS.default,
  };
}

async function availabilityOf(ctx: AppContext, ownerId: number, agentId: number) {
  const saved = await repo.findAvailability(ctx.database.db, ownerId, agentId);
  return saved ?? unsavedAvailability(ctx, ownerId);
}

export async function saveAvailability(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: AvailabilityInput,
): Promise<AvailabilityView> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  await assertZoneKnown(ctx, input.timezone);
  await repo.saveAvailability(ctx.database.db, ownerId, agentId, sortWindows(input));
  await ensureBookingPage(ctx, agent);
  return { ...(await availabilityOf(ctx, ownerId, agentId)), saved: true };
}

/**
 * The week a template's form gave becomes the availability (capacity 1, the owner's zone) when
 * none was saved: a template's hours never overwrite the owner's. Whether it did.
 */
export async function startAvailability(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  weekly: { weekday: number; start: string; end: string }[],
): Promise<boolean> {
  if (await repo.findAvailability(ctx.database.db, ownerId, agentId)) return false;
  await saveAvailability(ctx, ownerId, agentId, {
    timezone: await ownerTimeZone(ctx, ownerId),
    weekly: weekly.map((w) => ({ ...w, capacity: 1 })),
  });
  return true;
}

export async function getBusinessHours(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<BusinessHours> {
  await getAgent(ctx.database.db, ownerId, agentId);
  return businessHoursOf(ctx, ownerId, agentId);
}

/**
 * The agent's business hours as every channel applies them (the out-of-hours notice, reminders,
 * follow-ups): following (the default), the availability's week and zone with the hours' own
 * holidays and out-of-hours choice; separated, the row's own week.
 */
export async function businessHoursOf(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<BusinessHours> {
  const saved = await repo.findBusinessHours(ctx.database.db, ownerId, agentId);
  const hours: BusinessHours = saved ?? {
    timezone: await ownerTimeZone(ctx, ownerId),
    weekly: [],
    holidays: [],
    outOfHours: 'answer',
    outOfHoursMessage: '',
    followsAvailability: true,
  };
  if (!hours.followsAvailability) return hours;
  const availability = await availabilityOf(ctx, ownerId, agentId);
  return {
    ...hours,
    timezone: availability.timezone,
    weekly: availability.weekly.map(({ weekday, start, end }) => ({ weekday, start, end })),
  };
}

export async function saveBusinessHours(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: BusinessHoursInput,
): Promise<BusinessHours> {
  await getAgent(ctx.database.db, ownerId, agentId);
  await assertZoneKnown(ctx, input.timezone);
  const holidays = [...new Set(input.holidays)].sort();
  await repo.saveBusinessHours(ctx.database.db, ownerId, agentId, {
    ...sortWindows(input),
    holidays,
    followsAvailability: input.followsAvailability ?? false,
  });
  return businessHoursOf(ctx, ownerId, agentId);
}

/**
 * What slots are cut from: the availability (with the customers' horizon), and the business
 * hours' holidays (no slots).
 */
export async function slotRules(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<SlotRules & { horizonDays: number }> {
  const [availability, hours] = await Promise.all([
    availabilityOf(ctx, ownerId, agentId),
    repo.findBusinessHours(ctx.database.db, ownerId, agentId),
  ]);
  return {
    timezone: availability.timezone,
    weekly: availability.weekly,
    holidays: hours?.holidays ?? [],
    horizonDays: availability.horizonDays,
  };
}

// The zone is used by the database as well (days cut with AT TIME ZONE in the reports and the
// owner's settings): it must know it, not only the runtime that the contract's check asks.
async function assertZoneKnown(ctx: AppContext, zone: string) {
  if (!(await repo.zoneKnown(ctx.database.db, zone))) {
    throw new AppError('VALIDATION', {
      fieldErrors: { timezone: ['appointments.timezoneInvalid'] },
    });
  }
}

function sortWindows<T extends { weekly: { weekday: number; start: string }[] }>(value: T): T {
  const weekly = [...value.weekly].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  return { ...value, weekly };
}
