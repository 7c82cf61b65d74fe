import {
  customerNameSchema,
  customerPhoneSchema,
  instant as instantSchema,
} from '@common/schemas/appointments';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import type { AgentRow } from '../agents';
import type { BookedAppointment, BookingAccess } from '../runtime';
import { bookAppointment, listFreeSlots } from './appointments.service';
import { bookingUrl, ensureBookingPage } from './booking-page.service';
import {
  cancelForCustomer,
  rescheduleForCustomer,
  upcomingForCustomer,
} from './customer-appointments.service';
import { slotRules } from './schedule.service';
import * as servicesRepo from './services.repo';
import { toService } from './services.service';
import { horizonLastDay } from './slots';
import { today } from './wall-clock';

/**
 * What an agent may do with its bookings for the customer of one conversation, on any channel:
 * the runtime offers it as tools to a model that calls them, and answers with the
 * booking page's link offline. Bound to the customer: on WhatsApp their number is the
 * conversation's and a tool's own phone is ignored; on the website and in the test console the
 * model asks for it. Null when the agent has nothing to book (no service).
 */
export interface BookingCustomer {
  /** the customer's number when the channel knows it (WhatsApp) */
  phone: string | null;
  conversationId: number | null;
}

/** A phone or name the model passed that is not one: the refusal it reads and passes on. */
class BadToolInput extends Error {}

export async function bookingAccess(
  ctx: AppContext,
  agent: AgentRow,
  customer: BookingCustomer,
): Promise<BookingAccess | null> {
  const db = ctx.database.db;
  const ownerId = agent.ownerId;
  const agentId = agent.id;
  const services = await servicesRepo.listServices(db, ownerId, agentId);
  if (services.length === 0) return null;
  const [slug, rules] = await Promise.all([
    ensureBookingPage(ctx, agent),
    slotRules(ctx, ownerId, agentId),
  ]);
  const phoneOf = (given: string | undefined): string => {
    if (customer.phone) return customer.phone;
    const parsed = customerPhoneSchema.safeParse(given ?? '');
    if (!parsed.success) throw new BadToolInput(translate('appointments.phoneInvalid', 'pt-BR'));
    return parsed.data;
  };
  const startOf = (value: string): string => {
    const parsed = instantSchema.safeParse(value);
    if (!parsed.success) throw new BadToolInput(translate('appointments.instantInvalid', 'pt-BR'));
    return parsed.data;
  };
  const ref = (given: string | undefined) => ({ ownerId, agentId, customerPhone: phoneOf(given) });
  const booked = (a: BookedAppointment): BookedAppointment => ({
    id: a.id,
    serviceId: a.serviceId,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    status: a.status,
    customerName: a.customerName,
  });
  return {
    url: bookingUrl(ctx, slug),
    today: today(rules.timezone, new Date()),
    timezone: rules.timezone,
    lastDay: horizonLastDay(rules.timezone, rules.horizonDays, Date.now()),
    phoneKnown: customer.phone !== null,
    services: async () => {
      const rows = await servicesRepo.listServices(db, ownerId, agentId);
      return rows.map(toService).map(({ id, name, durationMinutes, priceBrl }) => ({
        id,
        name,
        durationMinutes,
        priceBrl,
      }));
    },
    freeSlots: (serviceId, from, to) =>
      listFreeSlots(ctx, { ownerId, agentId, serviceId, from, to, by: 'customer' }),
    book: async (input) => {
      const name = customerNameSchema.safeParse(input.customerName);
      if (!name.success)
        throw new BadToolInput(translate('appointments.customerNameInvalid', 'pt-BR'));
      const { appointment } = await bookAppointment(ctx, {
        ownerId,
        agentId,
        serviceId: input.serviceId,
        startsAt: startOf(input.startsAt),
        customerName: name.data,
        customerPhone: phoneOf(input.customerPhone),
        source: 'agent',
        conversationId: customer.conversationId,
      });
      return booked(appointment);
    },
    upcoming: async (phone) => (await upcomingForCustomer(ctx, ref(phone))).map(booked),
    reschedule: async (input) =>
      booked(
        await rescheduleForCustomer(ctx, {
          ...ref(input.customerPhone),
          appointmentId: input.appointmentId,
          startsAt: startOf(input.startsAt),
        }),
      ),
    cancel: async (input) =>
      booked(
        await cancelForCustomer(ctx, {
          ...ref(input.customerPhone),
          appointmentId: input.appointmentId,
        }),
      ),
    explain: (err) => {
      if (err instanceof BadToolInput) return err.message;
      // Only the refusals a customer can act on; anything else fails the turn as usual.
      if (err instanceof AppError && err.status < 500)
        return translate(`codes.${err.code}`, 'pt-BR', err.options.params);
      return null;
    },
  };
}
