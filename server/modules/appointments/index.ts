/**
 * Appointments: an agent's services, availability (with capacity) and business hours,
 * the free slots, the appointments (capacity enforced by the database, ADR 0026) and the owner's
 * agenda, the public booking page (`/agendar/{slug}`) and the owner's ICS calendar feed. The agent's
 * tools and the contacts' erasure use the customer functions below; the pipeline uses the business
 * hours' rules.
 */
export { appointmentRoutes } from './appointments.routes';
export { publicBookingRoutes, BOOKING_LIMITS } from './public-booking.routes';
export { scheduleRoutes } from './schedule.routes';
export {
  bookAppointment,
  customerPhoneKey,
  listFreeSlots,
  type AppointmentSource,
  type BookOptions,
} from './appointments.service';
export {
  cancelForCustomer,
  customerAppointments,
  deleteCustomerAppointments,
  rescheduleForCustomer,
  upcomingForCustomer,
  type CustomerRef,
} from './customer-appointments.service';
export { bookingLink } from './booking-page.service';
export { bookingAccess, type BookingCustomer } from './agent-booking.service';
export { businessHoursOf } from './schedule.service';
export { GRID_MINUTES } from './slots';
export { isWithinBusinessHours, nextBusinessStart, type Hours } from './business-hours';
export type { AppointmentChange, AppointmentHooks } from './appointment-listener';
