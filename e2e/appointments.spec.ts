import type { Appointment } from '@common/schemas/appointments';
import { createAgentViaApi, openSection, toast } from './agents-api';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { ptText } from './catalogue';
import { expect, test, type Page } from './fixtures';

/**
 * The agent's service, a week typed once and copied to every day, business hours that follow it,
 * and the business's name for the booking page, set in the editor's tab.
 */
async function setUpBooking(page: Page, agentId: number, service: string) {
  await page.goto(`/agents/${agentId}/edit?tab=appointments`);
  const tab = page.getByTestId('agent-appointments-tab');
  await tab.getByRole('button', { name: 'Adicionar serviço' }).click();
  const form = page.getByTestId('service-form');
  await form.getByLabel('Nome do serviço').fill(service);
  await form.getByLabel('Duração (minutos)').fill('30');
  await form.getByLabel('Preço (R$)').fill('45,00');
  await form.getByRole('button', { name: 'Salvar serviço' }).click();
  await expect(page.getByTestId('services-list')).toContainText(service);
  await expect(page.getByTestId('services-list')).toContainText('R$');

  // Never saved, the week starts Monday to Friday 09:00–18:00 (not closed), and says it is a
  // suggestion until saved.
  const week = page.getByTestId('availability-week');
  await expect(tab.getByTestId('availability-starting')).toContainText('segunda a sexta');
  await expect(week.locator('input[type="time"]')).toHaveCount(10);
  const monday = week.locator('fieldset[data-weekday="1"]');
  await expect(monday.locator('input[type="time"]').first()).toHaveValue('09:00');
  // Monday typed once (from 08:00) and copied to all seven days, so there is a free slot in the
  // next days whatever today is.
  await monday.locator('input[type="time"]').first().fill('08:00');
  await monday
    .getByRole('button', { name: 'Copiar para todos os dias os horários de segunda-feira' })
    .click();
  await expect(week.locator('input[type="time"]')).toHaveCount(14);
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = week.locator(`fieldset[data-weekday="${weekday}"] input[type="time"]`);
    await expect(day.first()).toHaveValue('08:00');
    await expect(day.last()).toHaveValue('18:00');
  }
  // The booking horizon: a value out of bounds is refused in place; one day keeps the page to
  // today and tomorrow.
  const horizon = tab.getByLabel('Agendar até quantos dias à frente');
  await expect(horizon).toHaveValue('60');
  await horizon.fill('400');
  await tab.getByRole('button', { name: 'Salvar disponibilidade' }).click();
  await expect(
    tab.getByText('O prazo de agendamento deve ser de 1 a 365 dias, em dias inteiros.'),
  ).toBeVisible();
  await horizon.fill('1');
  await tab.getByRole('button', { name: 'Salvar disponibilidade' }).click();
  await expect(toast(page).filter({ hasText: 'Disponibilidade salva' })).toBeVisible();
  await expect(tab.getByTestId('availability-starting')).toBeHidden();

  // The business hours follow the availability: one schedule, edited in one place, until the
  // owner separates them (then their own week starts from the availability's).
  const separate = tab.getByRole('checkbox', {
    name: 'Horário de atendimento diferente da agenda',
  });
  await expect(separate).not.toBeChecked();
  await expect(tab.getByTestId('business-hours-following')).toBeVisible();
  await expect(tab.getByTestId('business-hours-week')).toBeHidden();
  const hours = await page.request.get(`/api/agents/${agentId}/business-hours`);
  expect(await hours.json()).toMatchObject({
    followsAvailability: true,
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  });
  await separate.check();
  await expect(tab.getByTestId('business-hours-week').locator('input[type="time"]')).toHaveCount(
    14,
  );
  await separate.uncheck();
  await expect(tab.getByTestId('business-hours-following')).toBeVisible();

  // The booking page carries the business's name, not the agent's.
  await tab.getByLabel('Nome do negócio').fill('Barbearia São José');
  await tab.getByRole('button', { name: 'Salvar nome' }).click();
  await expect(toast(page).filter({ hasText: 'Nome do negócio salvo' })).toBeVisible();
  const link = await page.getByTestId('booking-link').inputValue();
  return new URL(link).pathname;
}

test('a customer books on the public page; the agenda and the calendar feed show it; the owner cancels it', async ({
  signedInPage: { page, user },
  baseURL,
  browser,
}) => {
  test.slow();
  // The booking page serves active agents of subscribed owners, like the website widget.
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Barbearia do Zé',
    status: 'active',
  });
  const bookingPath = await setUpBooking(page, agent.id, 'Corte de cabelo');
  expect(bookingPath).toMatch(/^\/agendar\/[\w-]+$/);

  // The customer: another browser, not signed in, on a phone.
  const customer = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const phone = await customer.newPage();
  await phone.goto(bookingPath);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
    'Agende com Barbearia São José',
  );
  await expect(phone).toHaveTitle(/Barbearia São José/);
  await phone.getByRole('button', { name: /Corte de cabelo/ }).click();
  // no day past tomorrow (the horizon of one day set above)
  const days = phone.getByTestId('booking-days').getByRole('button');
  await expect(days.first()).toBeVisible();
  expect(await days.count()).toBeLessThanOrEqual(2);
  await days.first().click();
  await phone.getByTestId('booking-times').getByRole('button').first().click();
  await phone.getByLabel('Nome', { exact: true }).fill('Ana Souza');
  await phone.getByLabel('Telefone (WhatsApp)').fill('(11) 91234-5678');
  await phone.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(phone.getByTestId('booking-success')).toBeVisible();
  await expect(phone.getByTestId('booking-when')).toContainText(', às ');
  // Nothing on the page is wider than a 360 px phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await customer.close();

  // The owner's agenda: the week holding the booked day.
  const today = dayIn(new Date().toISOString());
  const listed = await page
    .context()
    .request.get(`/api/appointments?from=${today}&to=${addDays(today, 14)}`);
  expect(listed.status()).toBe(200);
  const [booked] = (await listed.json()) as Appointment[];
  expect(booked).toMatchObject({ customerName: 'Ana Souza', status: 'confirmed' });
  // The owner's bell tells of the customer's booking and opens the agenda.
  await page.goto('/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notificações/ })
    .click();
  const notice = page.getByTestId('notification-item');
  await expect(notice).toContainText('Novo agendamento');
  await expect(notice).toContainText('Ana Souza · Corte de cabelo');
  await notice.click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Agenda');
  await page
    .getByRole('group', { name: 'Visualização' })
    .getByRole('button', { name: 'Dia' })
    .click();
  const bookedDay = dayIn(booked!.startsAt);
  while (
    (await page.getByTestId('agenda-grid').locator('section').getAttribute('data-day')) !==
    bookedDay
  ) {
    await page.getByRole('button', { name: 'Próximo dia' }).click();
  }
  const block = page.getByTestId('agenda-appointment').filter({ hasText: 'Ana Souza' });
  await expect(block).toContainText('Corte de cabelo');
  await expect(block).toContainText('Confirmado');

  // The calendar feed: a secret URL that answers text/calendar with the booking in it.
  const feedUrl = await page.getByTestId('calendar-feed-url').inputValue();
  const feed = await page.request.get(new URL(feedUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('Ana Souza');
  // named by the business, not the agent
  expect(await feed.text()).toContain('X-WR-CALNAME:Agenda · Barbearia São José');

  // The owner cancels it, after a confirmation.
  await block.click();
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByRole('button', { name: 'Cancelar agendamento' }).click();
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(toast(page).filter({ hasText: 'Agendamento cancelado' })).toBeVisible();
  await expect(block).toHaveAttribute('data-status', 'cancelled');
});

test('a slot taken while the customer fills the form: they are told, and the time is no longer offered', async ({
  signedInPage: { page, user },
  baseURL,
  browser,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Clínica Sorriso',
    status: 'active',
  });
  const request = page.context().request;
  const { slug } = await setUpBookingViaApi(page, baseURL!, agent.id, {
    name: 'Limpeza',
    durationMinutes: 60,
  });

  const customer = await browser.newContext({ baseURL });
  const phone = await customer.newPage();
  await phone.goto(`/agendar/${slug}`);
  await phone.getByRole('button', { name: /Limpeza/ }).click();
  await phone.getByTestId('booking-days').getByRole('button').first().click();
  const times = phone.getByTestId('booking-times').getByRole('button');
  const first = times.first();
  const taken = (await first.textContent())!;
  await first.click();
  await phone.getByLabel('Nome', { exact: true }).fill('Bruno Lima');
  await phone.getByLabel('Telefone (WhatsApp)').fill('11987654321');

  // Somebody else books that very time first.
  const { service, startsAt } = await phone.evaluate(async (s) => {
    const page = (await (await fetch(`/api/public/booking/${s}`)).json()) as {
      services: { id: number }[];
      timezone: string;
    };
    const id = page.services[0]!.id;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: page.timezone }).format(new Date());
    const to = new Date(`${day}T00:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 13);
    const query = new URLSearchParams({
      serviceId: String(id),
      from: day,
      to: to.toISOString().slice(0, 10),
    });
    const slots = (await (
      await fetch(`/api/public/booking/${s}/slots?${query.toString()}`)
    ).json()) as {
      startsAt: string;
    }[];
    return { service: id, startsAt: slots[0]!.startsAt };
  }, slug);
  const other = await request.post(`/api/public/booking/${slug}`, {
    data: {
      serviceId: service,
      startsAt,
      customerName: 'Outra Pessoa',
      customerPhone: '11912345678',
    },
  });
  expect(other.status(), await other.text()).toBe(201);

  await phone.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(phone.getByTestId('error-alert')).toHaveText(
    ptText('errors', 'codes.APPOINTMENT_SLOT_TAKEN'),
  );
  await expect(phone.getByTestId('booking-success')).toBeHidden();
  // The times were fetched again: the one taken is gone.
  await expect(times.filter({ hasText: taken })).toHaveCount(0);
  await customer.close();
});

test('the owner books for a customer with Novo agendamento and moves it to another free time', async ({
  signedInPage: { page },
  baseURL,
}) => {
  // The owner's own bookings need no subscription: only the public page is gated.
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Oficina Rápida' });
  await setUpBookingViaApi(page, baseURL!, agent.id, {
    name: 'Troca de óleo',
    durationMinutes: 60,
  });

  await page.goto('/dashboard');
  await openSection(page, 'appointments');
  await page.getByRole('button', { name: 'Novo agendamento' }).click();
  const form = page.getByTestId('new-appointment');
  // Tomorrow in the agent's zone: every hour of it is still ahead.
  const tomorrow = addDays(dayIn(new Date().toISOString()), 1);
  await form.getByLabel('Dia').fill(tomorrow);
  await form.getByTestId('slot-list').getByRole('button', { name: '10:00' }).click();
  await form.getByLabel('Nome', { exact: true }).fill('Carlos Pereira');
  await form.getByLabel('Telefone (WhatsApp)').fill('21 99876-5432');
  await form.getByRole('button', { name: 'Agendar' }).click();
  await expect(toast(page).filter({ hasText: 'Agendamento criado' })).toBeVisible();

  await page
    .getByRole('group', { name: 'Visualização' })
    .getByRole('button', { name: 'Dia' })
    .click();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  const block = page.getByTestId('agenda-appointment').filter({ hasText: 'Carlos Pereira' });
  await expect(block).toContainText('10:00–11:00');
  await expect(block).toContainText('Troca de óleo');

  await block.click();
  const dialog = page.getByTestId('appointment-dialog');
  await dialog.getByRole('button', { name: 'Remarcar' }).click();
  // Capacity 1: the time it holds is not offered to itself as free.
  await expect(
    dialog.getByTestId('slot-list').getByRole('button', { name: '14:00' }),
  ).toBeVisible();
  await expect(dialog.getByTestId('slot-list').getByRole('button', { name: '10:00' })).toHaveCount(
    0,
  );
  await dialog.getByTestId('slot-list').getByRole('button', { name: '14:00' }).click();
  await dialog.getByRole('button', { name: 'Remarcar para este horário' }).click();
  await expect(toast(page).filter({ hasText: 'Agendamento remarcado' })).toBeVisible();
  await expect(block).toContainText('14:00–15:00');
});
