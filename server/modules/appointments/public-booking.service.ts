import type {
  PublicBooking,
  PublicBookingPage,
  PublicBookingResult,
  Slot,
} from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { customerAccess } from '../subscriptions';
import { bookAppointment, listFreeSlots } from './appointments.service';
import * as bookingRepo from './booking.repo';
import { slotRules } from './schedule.service';
import * as servicesRepo from './services.repo';

/**
 * The public booking page (`/agendar/{slug}`, no session): the agent's services, their free slots
 * and the booking itself, source 'booking_page'. Like the website widget's chat, it serves only
 * active agents of owners with a trialing or active subscription, within the plan's agent limit;
 * any refusal is the same neutral "unavailable".
 */

/** Longer than any slug we make: not looked up. */
const SLUG_MAX_LENGTH = 64;

async function servedAgent(ctx: AppContext, slug: string) {
  const found =
    slug.length <= SLUG_MAX_LENGTH ? await bookingRepo.findBySlug(ctx.database.db, slug) : null;
  if (!found) throw new AppError('BOOKING_NOT_FOUND');
  if (found.status !== 'active') throw new AppError('BOOKING_UNAVAILABLE');
  const access = await customerAccess(ctx.database.db, found.ownerId, found.agentId);
  if (!access.servesCustomers) throw new AppError('BOOKING_UNAVAILABLE');
  return found;
}

export async function publicBookingPage(ctx: AppContext, slug: string): Promise<PublicBookingPage> {
  const agent = await servedAgent(ctx, slug);
  const services = await servicesRepo.listServices(ctx.database.db, agent.ownerId, agent.agentId);
  if (services.length === 0) throw new AppError('BOOKING_NOT_FOUND');
  const rules = await slotRules(ctx, agent.ownerId, agent.agentId);
  return {
    businessName: agent.businessName,
    timezone: rules.timezone,
    services: services.map((s) => ({
      id: s.id,
      name: s.name,
      durationMinutes: s.durationMinutes,
      priceBrl: s.priceCents === null ? null : s.priceCents / 100,
    })),
  };
}

export async function publicSlots(
  ctx: AppContext,
  slug: string,
  query: { serviceId: number; from: string; to: string },
): Promise<Slot[]> {
  const agent = await servedAgent(ctx, slug);
  return listFreeSlots(ctx, {
    ownerId: agent.ownerId,
    agentId: agent.agentId,
    ...query,
    by: 'customer',
  });
}

export async function publicBook(
  ctx: AppContext,
  slug: string,
  input: PublicBooking,
): Promise<PublicBookingResult> {
  const agent = await servedAgent(ctx, slug);
  const { appointment, serviceName } = await bookAppointment(ctx, {
    ownerId: agent.ownerId,
    agentId: agent.agentId,
    ...input,
    source: 'booking_page',
  });
  return {
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    serviceName,
    businessName: agent.businessName,
  };
}
