/** Everything the appointments screens read, under one root so a write can refresh its readers. */
export const appointmentsRootKey = ['appointments'] as const;

export const servicesKey = (agentId: number) => ['appointments', 'services', agentId] as const;
export const availabilityKey = (agentId: number) =>
  ['appointments', 'availability', agentId] as const;
export const businessHoursKey = (agentId: number) =>
  ['appointments', 'business-hours', agentId] as const;
export const bookingLinkKey = (agentId: number) => ['appointments', 'booking', agentId] as const;
/** Free slots change with every booking, move and cancel: all of them sit under this key. */
export const slotsRootKey = ['appointments', 'slots'] as const;
export const agendaRootKey = ['appointments', 'agenda'] as const;
export const calendarFeedKey = ['appointments', 'calendar'] as const;
export const publicBookingKey = (slug: string) => ['public-booking', slug] as const;
export const remindersKey = (agentId: number) => ['appointments', 'reminders', agentId] as const;
