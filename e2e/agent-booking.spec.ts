import { scriptTools, startFakeOpenAI, type FakeOpenAI } from '../server/test/fake-openai';
import { createAgentViaApi, openSection } from './agents-api';
import { startAppServer, type AppServer } from './app-server';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test as base } from './fixtures';
import { connectInSimulator, createInstanceViaApi } from './whatsapp-api';

/**
 * This file's workers run the app with a model: the fake OpenAI-compatible server on loopback,
 * scripted by the test to call the booking tools as a tool-calling model would.
 */
const test = base.extend<object, { fakeModel: FakeOpenAI }>({
  fakeModel: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
    async ({}, use) => {
      const fake = await startFakeOpenAI();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ fakeModel }, use) => {
      const server: AppServer = await startAppServer({
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_BASE_URL: fakeModel.url,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

test('a customer books by chatting on WhatsApp (the simulator); the agenda and the calendar feed show it', async ({
  signedInPage: { page, user },
  baseURL,
  fakeModel,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Salão Bella',
    status: 'active',
  });
  const { serviceId } = await setUpBookingViaApi(page, baseURL!, agent.id, {
    name: 'Escova',
    durationMinutes: 45,
  });
  await createInstanceViaApi(page, baseURL!, agent.id);
  const tomorrow = addDays(dayIn(new Date().toISOString()), 1);

  // The model looks for tomorrow's free times, books the first, then confirms in words.
  let booked = '';
  scriptTools(
    fakeModel,
    [
      () => ({
        name: 'find_free_slots',
        arguments: { serviceId, from: tomorrow, to: tomorrow },
      }),
      ([found]) => {
        const { slots } = found!.result as { slots: { startsAt: string }[] };
        booked = slots[0]!.startsAt;
        return {
          name: 'book_appointment',
          arguments: { serviceId, startsAt: booked, customerName: 'Joana Cliente' },
        };
      },
    ],
    'Prontinho, Joana! Sua escova está agendada para amanhã às 08:00.',
  );

  // The customer's phone: the simulator scans the QR and writes as the customer.
  const { chat } = await connectInSimulator(page);
  await chat.getByLabel('Número do cliente').fill('5511987654321');
  await chat.getByLabel('Nome do cliente').fill('Joana Cliente');
  await chat.getByLabel('Mensagem').fill('Quero agendar uma escova amanhã de manhã, sou a Joana');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.locator('[data-testid="sim-message"][data-direction="out"]')).toContainText(
    'Prontinho, Joana!',
    { timeout: 45_000 },
  );
  expect(booked).not.toBe('');
  // The tools ran in the model's conversation: the booking was made before the confirmation.
  expect(fakeModel.chatRequests.at(-1)!.tools!.map((tool) => tool.function.name)).toContain(
    'book_appointment',
  );

  // The owner's agenda, on the booked day, shows the customer with the WhatsApp number.
  await page.bringToFront();
  await page.goto('/dashboard');
  await openSection(page, 'appointments');
  await page
    .getByRole('group', { name: 'Visualização' })
    .getByRole('button', { name: 'Dia' })
    .click();
  await page.getByRole('button', { name: 'Próximo dia' }).click();
  await expect(page.getByTestId('agenda-grid').locator('section')).toHaveAttribute(
    'data-day',
    dayIn(booked),
  );
  const block = page.getByTestId('agenda-appointment').filter({ hasText: 'Joana Cliente' });
  await expect(block).toContainText('Escova');
  await expect(block).toContainText('Confirmado');
  const listed = await page.request.get(`/api/appointments?from=${tomorrow}&to=${tomorrow}`);
  expect(await listed.json()).toEqual([
    expect.objectContaining({
      startsAt: booked,
      customerName: 'Joana Cliente',
      customerPhone: '5511987654321',
      status: 'confirmed',
    }),
  ]);

  // The calendar feed has it too.
  const feedUrl = await page.getByTestId('calendar-feed-url').inputValue();
  const feed = await page.request.get(new URL(feedUrl).pathname);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = await feed.text();
  expect(ics).toContain('Joana Cliente');
  expect(ics).toContain('Escova');
});
