import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

/**
 * What the agent may do with its business's bookings for the customer of the conversation (issue
 * 21). The channel builds it (appointments module, `bookingAccess`) with the customer already
 * bound — on WhatsApp their number — so a tool can never read or move another customer's
 * appointments. The runtime only turns it into tools (a model that calls tools) or, offline, into
 * the booking page's link when the customer asks to book.
 */
export interface BookingAccess {
  /** the agent's public booking page */
  url: string;
  /** today's date where the agent books (YYYY-MM-DD) and that zone, for the model's bearings */
  today: string;
  timezone: string;
  /** the last day a customer may book (the owner's horizon); no slot is offered after it */
  lastDay: string;
  services(): Promise<
    { id: number; name: string; durationMinutes: number; priceBrl: number | null }[]
  >;
  freeSlots(
    serviceId: number,
    from: string,
    to: string,
  ): Promise<{ startsAt: string; endsAt: string }[]>;
  book(input: {
    serviceId: number;
    startsAt: string;
    customerName: string;
    customerPhone?: string | undefined;
  }): Promise<BookedAppointment>;
  upcoming(customerPhone?: string): Promise<BookedAppointment[]>;
  reschedule(input: {
    appointmentId: number;
    startsAt: string;
    customerPhone?: string | undefined;
  }): Promise<BookedAppointment>;
  cancel(input: {
    appointmentId: number;
    customerPhone?: string | undefined;
  }): Promise<BookedAppointment>;
  /** whether the customer's phone is known (WhatsApp): the tools then never ask for it */
  phoneKnown: boolean;
  /** a refusal (slot taken, not a slot, not found…) as the customer should read it */
  explain(err: unknown): string | null;
}

export interface BookedAppointment {
  id: number;
  serviceId: number;
  startsAt: string;
  endsAt: string;
  status: string;
  customerName: string;
}

/** How many slots one search hands the model (the first ones: it can search later days). */
export const SLOTS_PER_SEARCH = 24;
/** How far one search looks (days, both counted). */
const SEARCH_DAYS = 7;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string().max(40);
const phone = z.string().max(32);

function addDays(dayString: string, days: number): string {
  const date = new Date(`${dayString}T00:00:00Z`);
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export const BOOKING_TOOLS = [
  'list_services',
  'find_free_slots',
  'book_appointment',
  'list_my_appointments',
  'reschedule_appointment',
  'cancel_appointment',
] as const;

export function bookingTools(access: BookingAccess): ToolSet {
  /** A tool's outcome: its result, or the refusal in words the model can pass on. */
  const run = async <T>(work: () => Promise<T>) => {
    try {
      return { ok: true, result: await work() };
    } catch (err) {
      const reason = access.explain(err);
      if (reason === null) throw err;
      return { ok: false, error: reason };
    }
  };
  // On WhatsApp the customer's number is the conversation's: the field is there but ignored.
  const phoneField = {
    customerPhone: phone
      .optional()
      .describe(
        access.phoneKnown
          ? 'não use: o telefone do cliente já é conhecido'
          : 'telefone do cliente com DDD (pergunte se ainda não souber); ex.: "11 91234-5678"',
      ),
  };
  return {
    list_services: tool({
      description:
        'Lista os serviços que o cliente pode agendar (id, nome, duração em minutos e preço em reais).',
      inputSchema: z.object({}),
      execute: () => run(() => access.services()),
    }),
    find_free_slots: tool({
      description:
        `Procura horários livres de um serviço (fuso ${access.timezone}; hoje é ${access.today}). ` +
        `Sem datas, procura a partir de hoje por ${SEARCH_DAYS} dias. Só há horários até ` +
        `${access.lastDay}. Ofereça ao cliente só horários desta lista.`,
      inputSchema: z.object({
        serviceId: z.number().int().describe('o id do serviço (de list_services)'),
        from: day.optional().describe('primeiro dia, AAAA-MM-DD'),
        to: day.optional().describe('último dia, AAAA-MM-DD (no máximo 7 dias depois do primeiro)'),
      }),
      execute: ({ serviceId, from, to }) =>
        run(async () => {
          const first = from ?? access.today;
          const last =
            to && to >= first && to <= addDays(first, SEARCH_DAYS - 1)
              ? to
              : addDays(first, SEARCH_DAYS - 1);
          const slots = await access.freeSlots(serviceId, first, last);
          return { slots: slots.slice(0, SLOTS_PER_SEARCH), more: slots.length > SLOTS_PER_SEARCH };
        }),
    }),
    book_appointment: tool({
      description:
        'Agenda um horário para o cliente. Antes de chamar: saiba o nome do cliente (pergunte se ' +
        'não souber), diga o serviço, o dia e o horário e espere o cliente confirmar. Depois, ' +
        'confirme o agendamento ao cliente com o dia e o horário.',
      inputSchema: z.object({
        serviceId: z.number().int(),
        startsAt: instant.describe('o início, exatamente como veio de find_free_slots'),
        customerName: z.string().min(1).max(120).describe('o nome do cliente'),
        ...phoneField,
      }),
      execute: (input) => run(() => access.book(input)),
    }),
    list_my_appointments: tool({
      description: 'Lista os próximos agendamentos do cliente com quem você conversa.',
      inputSchema: z.object(phoneField),
      execute: (input) => run(() => access.upcoming(input.customerPhone)),
    }),
    reschedule_appointment: tool({
      description:
        'Remarca um agendamento do cliente para outro horário livre (de find_free_slots), depois ' +
        'de o cliente confirmar o novo dia e horário.',
      inputSchema: z.object({
        appointmentId: z.number().int().describe('o id (de list_my_appointments)'),
        startsAt: instant,
        ...phoneField,
      }),
      execute: (input) => run(() => access.reschedule(input)),
    }),
    cancel_appointment: tool({
      description:
        'Cancela um agendamento do cliente, depois de o cliente confirmar que quer cancelar.',
      inputSchema: z.object({
        appointmentId: z.number().int().describe('o id (de list_my_appointments)'),
        ...phoneField,
      }),
      execute: (input) => run(() => access.cancel(input)),
    }),
  };
}

/**
 * What the offline agent answers a customer who asks to book: the booking page, in the agent's
 * language (as the handoff message's default, common/schemas/agent.ts).
 */
const BOOKING_LINK_MESSAGES: Record<string, string> = {
  pt: 'Você pode escolher o serviço e o horário e agendar por aqui: {url}',
  en: 'You can pick the service and a time and book here: {url}',
  es: 'Puedes elegir el servicio y el horario y reservar aquí: {url}',
};

export function bookingLinkMessage(language: string, url: string): string {
  const template = BOOKING_LINK_MESSAGES[language] ?? BOOKING_LINK_MESSAGES.pt!;
  return template.replace('{url}', url);
}
