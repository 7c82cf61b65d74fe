import { z } from 'zod';

/**
 * Appointments and business hours: the services an agent books, when they can be
 * booked and how many at once (capacity), the agent's business hours, the appointments, the
 * owner's calendar feed and the public booking page. Times on the wire are ISO 8601 with an offset,
 * days `YYYY-MM-DD` (the agent's time zone), times of day `HH:MM`, weekdays 0 = Sunday. Messages
 * are keys of the `errors` catalogue.
 */

/** The longest range one slots or agenda query covers. */
export const APPOINTMENTS_MAX_RANGE_DAYS = 62;
/** The longest service, and the largest buffer (minutes). */
export const SERVICE_MAX_MINUTES = 12 * 60;
export const SERVICE_MAX_BUFFER_MINUTES = 4 * 60;
/** The most services per agent, windows per week and holidays per agent. */
export const SERVICES_MAX = 50;
export const WEEKLY_WINDOWS_MAX = 70;
export const HOLIDAYS_MAX = 366;
/** The most people served at once in one window (chairs, rooms, professionals). */
export const CAPACITY_MAX = 50;
/**
 * How many days ahead customers (the booking page, the agent's tools) may book: the last bookable
 * day is today + the horizon, in the availability's zone. The owner's own agenda is not bound.
 */
export const BOOKING_HORIZON_DAYS = { min: 1, max: 365, default: 60 } as const;

export const APPOINTMENT_STATUSES = ['confirmed', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const OUT_OF_HOURS_MODES = ['answer', 'message'] as const;
export type OutOfHoursMode = (typeof OUT_OF_HOURS_MODES)[number];

const id = (message: string) =>
  z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message);

const trimmed = (max: number, message: string) =>
  z.string(message).trim().min(1, message).max(max, message);

export const dayString = z
  .string('appointments.dayInvalid')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'appointments.dayInvalid')
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, 'appointments.dayInvalid');

/** `HH:MM`, 00:00–24:00 (24:00 only as an end: the day's midnight). */
export const timeOfDay = z
  .string('appointments.timeInvalid')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'appointments.timeInvalid');

/** Minutes since midnight of `HH:MM`. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
}

/** An instant with an explicit offset (`2026-12-01T14:00:00-03:00` or `…Z`). */
export const instant = z
  .string('appointments.instantInvalid')
  .max(40, 'appointments.instantInvalid')
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/,
    'appointments.instantInvalid',
  )
  .refine((v) => !Number.isNaN(Date.parse(v)), 'appointments.instantInvalid');

// ---------------------------------------------------------------------------------------------
// Services: GET/POST /api/agents/{id}/services, PUT/DELETE /api/agents/{id}/services/{serviceId}

export const serviceInputSchema = z.object({
  name: trimmed(120, 'appointments.serviceNameInvalid'),
  durationMinutes: z.coerce
    .number('appointments.durationInvalid')
    .int('appointments.durationInvalid')
    .min(5, 'appointments.durationInvalid')
    .max(SERVICE_MAX_MINUTES, 'appointments.durationInvalid'),
  /** reais, at most two decimals */
  priceBrl: z
    .number('appointments.priceInvalid')
    .min(0, 'appointments.priceInvalid')
    .max(1_000_000, 'appointments.priceInvalid')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'appointments.priceInvalid')
    .nullable()
    .optional(),
  /** minutes kept free before and after each appointment of this service (cleaning, travel) */
  bufferMinutes: z.coerce
    .number('appointments.bufferInvalid')
    .int('appointments.bufferInvalid')
    .min(0, 'appointments.bufferInvalid')
    .max(SERVICE_MAX_BUFFER_MINUTES, 'appointments.bufferInvalid')
    .optional(),
});
export type ServiceInput = z.output<typeof serviceInputSchema>;

export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
  priceBrl: number | null;
  bufferMinutes: number;
}

// ---------------------------------------------------------------------------------------------
// Weekly windows: availability (with capacity) and business hours (capacity ignored)

const windowSchema = z
  .object({
    weekday: z.coerce
      .number('appointments.weekdayInvalid')
      .int('appointments.weekdayInvalid')
      .min(0, 'appointments.weekdayInvalid')
      .max(6, 'appointments.weekdayInvalid'),
    start: timeOfDay,
    end: timeOfDay,
  })
  .refine((w) => w.start !== '24:00' && minutesOfDay(w.start) < minutesOfDay(w.end), {
    message: 'appointments.windowReversed',
    path: ['end'],
  });

const capacitySchema = z.coerce
  .number('appointments.capacityInvalid')
  .int('appointments.capacityInvalid')
  .min(1, 'appointments.capacityInvalid')
  .max(CAPACITY_MAX, 'appointments.capacityInvalid');

/** Windows of one weekday must not overlap (a break is the gap between two windows). */
function noOverlap(windows: { weekday: number; start: string; end: string }[]): boolean {
  const sorted = [...windows].sort(
    (a, b) => a.weekday - b.weekday || minutesOfDay(a.start) - minutesOfDay(b.start),
  );
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    if (prev.weekday === cur.weekday && minutesOfDay(cur.start) < minutesOfDay(prev.end))
      return false;
  }
  return true;
}

/** An IANA zone both the runtime and the database know (the server checks the database). */
export const timeZoneSchema = z
  .string('appointments.timezoneInvalid')
  .max(64, 'appointments.timezoneInvalid')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'appointments.timezoneInvalid');

/** Days ahead a customer may book: a whole number, no string or other coercion. */
export const horizonDaysSchema = z
  .number('appointments.horizonInvalid')
  .int('appointments.horizonInvalid')
  .min(BOOKING_HORIZON_DAYS.min, 'appointments.horizonInvalid')
  .max(BOOKING_HORIZON_DAYS.max, 'appointments.horizonInvalid');

/** PUT /api/agents/{id}/availability; a horizon left out keeps the saved one (60 at first). */
export const availabilitySchema = z.object({
  timezone: timeZoneSchema,
  weekly: z
    .array(windowSchema.and(z.object({ capacity: capacitySchema })), 'appointments.weeklyInvalid')
    .max(WEEKLY_WINDOWS_MAX, 'appointments.weeklyInvalid')
    .refine(noOverlap, 'appointments.windowsOverlap'),
  horizonDays: horizonDaysSchema.optional(),
});
export type AvailabilityInput = z.output<typeof availabilitySchema>;
/** The editor's form: it always sends the horizon. */
export const availabilityFormSchema = availabilitySchema.required({ horizonDays: true });
export type Availability = z.output<typeof availabilityFormSchema>;
/**
 * GET /api/agents/{id}/availability (and the PUT's answer); `saved` false: never saved (nothing
 * bookable yet), the editor starts from STARTING_WEEK.
 */
export interface AvailabilityView extends Availability {
  saved: boolean;
}

/**
 * The week a schedule starts from when nothing was saved and no template gave hours: Monday to
 * Friday, 09:00–18:00 (a schedule does not start closed).
 */
export const STARTING_WEEK: readonly { weekday: number; start: string; end: string }[] = [
  1, 2, 3, 4, 5,
].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }));

/** Every weekday gets the windows of weekday `from` ("Copiar para todos os dias"). */
export function copyDayToAll<W extends { weekday: number; start: string }>(
  weekly: readonly W[],
  from: number,
): W[] {
  const day = weekly.filter((w) => w.weekday === from);
  return Array.from({ length: 7 }, (_, weekday) => day.map((w) => ({ ...w, weekday }))).flat();
}

/** GET/PUT /api/agents/{id}/business-hours */
export const businessHoursSchema = z.object({
  timezone: timeZoneSchema,
  weekly: z
    .array(windowSchema, 'appointments.weeklyInvalid')
    .max(WEEKLY_WINDOWS_MAX, 'appointments.weeklyInvalid')
    .refine(noOverlap, 'appointments.windowsOverlap'),
  holidays: z
    .array(dayString, 'appointments.holidaysInvalid')
    .max(HOLIDAYS_MAX, 'appointments.holidaysInvalid'),
  outOfHours: z.enum(OUT_OF_HOURS_MODES, 'appointments.outOfHoursInvalid'),
  outOfHoursMessage: z
    .string('appointments.outOfHoursMessageInvalid')
    .trim()
    .max(1000, 'appointments.outOfHoursMessageInvalid'),
  /**
   * true: the week and zone are the availability's (the ones sent are kept for later, unused);
   * left out: false, the week sent is the hours (what older callers send)
   */
  followsAvailability: z.boolean('appointments.followsInvalid').optional(),
});
export type BusinessHoursInput = z.output<typeof businessHoursSchema>;
/** GET /api/agents/{id}/business-hours: when following, the availability's week and zone. */
export type BusinessHours = BusinessHoursInput & { followsAvailability: boolean };

// ---------------------------------------------------------------------------------------------
// Slots and appointments

/** GET /api/agents/{id}/slots?serviceId=&from=&to= */
export const slotsQuerySchema = z
  .object({ serviceId: id('appointments.serviceInvalid'), from: dayString, to: dayString })
  .refine((q) => q.from <= q.to, {
    message: 'appointments.rangeReversed',
    path: ['to'],
    when: (p) => p.issues.length === 0,
  })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      APPOINTMENTS_MAX_RANGE_DAYS,
    { message: 'appointments.rangeTooLong', path: ['to'], when: (p) => p.issues.length === 0 },
  );
export interface Slot {
  startsAt: string;
  endsAt: string;
}

/** A customer's phone: digits with an optional +, 10 to 15 digits (Brazil: 55 + DDD + number). */
export const customerPhoneSchema = z
  .string('appointments.phoneInvalid')
  .trim()
  .max(32, 'appointments.phoneInvalid')
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{10,15}$/, 'appointments.phoneInvalid'));

export const customerNameSchema = trimmed(120, 'appointments.customerNameInvalid');

/** POST /api/appointments */
export const appointmentCreateSchema = z.object({
  agentId: id('appointments.agentInvalid'),
  serviceId: id('appointments.serviceInvalid'),
  startsAt: instant,
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
});
export type AppointmentCreate = z.output<typeof appointmentCreateSchema>;

/** PATCH /api/appointments/{id}: move it, or confirm or cancel it */
export const appointmentPatchSchema = z
  .object({
    startsAt: instant.optional(),
    status: z.enum(APPOINTMENT_STATUSES, 'appointments.statusInvalid').optional(),
  })
  .refine((p) => p.startsAt !== undefined || p.status !== undefined, {
    message: 'appointments.patchEmpty',
  })
  .refine((p) => !(p.status === 'cancelled' && p.startsAt !== undefined), {
    message: 'appointments.cancelWithMove',
    path: ['startsAt'],
  });
export type AppointmentPatch = z.output<typeof appointmentPatchSchema>;

/** GET /api/appointments?from=&to= (days in the owner's time zone) */
export const appointmentsQuerySchema = z
  .object({ from: dayString, to: dayString })
  .refine((q) => q.from <= q.to, {
    message: 'appointments.rangeReversed',
    path: ['to'],
    when: (p) => p.issues.length === 0,
  })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      APPOINTMENTS_MAX_RANGE_DAYS,
    { message: 'appointments.rangeTooLong', path: ['to'], when: (p) => p.issues.length === 0 },
  );

export interface Appointment {
  id: number;
  agentId: number;
  serviceId: number;
  startsAt: string;
  endsAt: string;
  status: AppointmentStatus;
  customerName: string;
  customerPhone: string;
  /** the service's name (kept when the service is deleted) */
  serviceName: string;
}

// ---------------------------------------------------------------------------------------------
// Calendar feed and public booking

/** GET /api/calendar, POST /api/calendar/rotate */
export interface CalendarFeed {
  url: string;
}

/** GET /api/public/booking/{slug} */
export interface PublicBookingPage {
  /** the business's name the owner gave, else the agent's */
  businessName: string;
  timezone: string;
  services: Pick<Service, 'id' | 'name' | 'durationMinutes' | 'priceBrl'>[];
}

/** POST /api/public/booking/{slug} */
export const publicBookingSchema = z.object({
  serviceId: id('appointments.serviceInvalid'),
  startsAt: instant,
  customerName: customerNameSchema,
  customerPhone: customerPhoneSchema,
});
export type PublicBooking = z.output<typeof publicBookingSchema>;

/** 201 of POST /api/public/booking/{slug}: what the customer booked */
export interface PublicBookingResult {
  startsAt: string;
  endsAt: string;
  serviceName: string;
  businessName: string;
}

/** GET /api/agents/{id}/booking: the agent's public booking page */
export interface BookingLink {
  slug: string;
  url: string;
  /** the business's name the page and the calendar show; null: the agent's */
  businessName: string | null;
}

export const BUSINESS_NAME_MAX = 200;
const businessNameSchema = z
  .string('appointments.businessNameInvalid')
  .trim()
  .max(BUSINESS_NAME_MAX, 'appointments.businessNameInvalid');

/** PUT /api/agents/{id}/booking: an empty name goes back to the agent's. */
export const bookingSettingsSchema = z.object({ businessName: businessNameSchema });
export type BookingSettings = z.output<typeof bookingSettingsSchema>;

/**
 * POST /api/agents/{id}/template-details: what a template's form gave — the business's
 * name for the booking page (kept when one is set) and the week it opens, which becomes the
 * availability (and, following it, the business hours) unless one was saved.
 */
export const templateDetailsSchema = z.object({
  businessName: businessNameSchema.optional(),
  weekly: z
    .array(windowSchema, 'appointments.weeklyInvalid')
    .max(WEEKLY_WINDOWS_MAX, 'appointments.weeklyInvalid')
    .refine(noOverlap, 'appointments.windowsOverlap')
    .optional(),
});
export type TemplateDetails = z.output<typeof templateDetailsSchema>;
