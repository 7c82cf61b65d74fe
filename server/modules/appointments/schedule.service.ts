import {
  BOOKING_HORIZON_DAYS,
  type Availability,
  type AvailabilityInput,
  type BusinessHours,
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
 * hours are the owner's time zone with an empty week — no hours set, always open.
 */

export async function getAvailability(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<Availability> {
  await getAgent(ctx.database.db, ownerId, agentId);
  return availabilityOf(ctx, ownerId, agentId);
}

async function availabilityOf(ctx: AppContext, ownerId: number, agentId: number) {
  const saved = await repo.findAvailability(ctx.database.db, ownerId, agentId);
  return (
    saved ?? {
      timezone: await ownerTimeZone(ctx, ownerId),
      weekly: [],
      horizonDays: BOOKING_HORIZON_DAYS.default,
    }
  );
}

export async function saveAvailability(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: AvailabilityInput,
): Promise<Availability> {
  const agent = await getAgent(ctx.database.db, ownerId, agentId);
  await assertZoneKnown(ctx, input.timezone);
  await repo.saveAvailability(ctx.database.db, ownerId, agentId, sortWindows(input));
  await ensureBookingPage(ctx, agent);
  return availabilityOf(ctx, ownerId, agentId);
}

export async function getBusinessHours(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<BusinessHours> {
  await getAgent(ctx.database.db, ownerId, agentId);
  return businessHoursOf(ctx, ownerId, agentId);
}

/** The agent's business hours, or the default (always open); for the pipeline too. */
export async function businessHoursOf(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<BusinessHours> {
  const saved = await repo.findBusinessHours(ctx.database.db, ownerId, agentId);
  return (
    saved ?? {
      timezone: await ownerTimeZone(ctx, ownerId),
      weekly: [],
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
    }
  );
}

export async function saveBusinessHours(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  input: BusinessHours,
): Promise<BusinessHours> {
  await getAgent(ctx.database.db, ownerId, agentId);
  await assertZoneKnown(ctx, input.timezone);
  const holidays = [...new Set(input.holidays)].sort();
  await repo.saveBusinessHours(ctx.database.db, ownerId, agentId, {
    ...sortWindows(input),
    holidays,
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
