import { expect, type Page } from './fixtures';

export const ZONE = 'America/Sao_Paulo';

/** The calendar day of an instant in São Paulo, `YYYY-MM-DD`. */
export const dayIn = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(instant));

/** `day` plus `n` calendar days, `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/**
 * Gives the agent one service and the same window on every weekday through the API (the editor's
 * tab is walked by appointments.spec.ts), and business hours of its own that are always open:
 * resolves to the service's id and the booking page's slug.
 */
export async function setUpBookingViaApi(
  page: Page,
  baseURL: string,
  agentId: number,
  service: { name: string; durationMinutes: number },
  window: { start: string; end: string } = { start: '08:00', end: '18:00' },
): Promise<{ serviceId: number; slug: string }> {
  const request = page.context().request;
  const headers = { Origin: baseURL };
  const created = await request.post(`/api/agents/${agentId}/services`, {
    data: service,
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ...window, capacity: 1 }));
  const saved = await request.put(`/api/agents/${agentId}/availability`, {
    data: { timezone: ZONE, weekly },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The business hours follow the availability unless separated (ADR 0035): separated with an
  // empty week, the agent answers at any hour, whatever the hour the suite runs at.
  const hours = await request.put(`/api/agents/${agentId}/business-hours`, {
    data: {
      timezone: ZONE,
      weekly: [],
      holidays: [],
      outOfHours: 'answer',
      outOfHoursMessage: '',
      followsAvailability: false,
    },
    headers,
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const link = await request.get(`/api/agents/${agentId}/booking`);
  const { slug } = (await link.json()) as { slug: string };
  return { serviceId: ((await created.json()) as { id: number }).id, slug };
}
