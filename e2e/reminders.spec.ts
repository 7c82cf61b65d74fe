import { createAgentViaApi, toast } from './agents-api';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect } from './fixtures';
import { advanceJob, query, test } from './postgres-app';
import { connectInSimulator, createInstanceViaApi, inboxMessage } from './whatsapp-api';

test('the owner picks when reminders go; the customer gets the 24-hour one on WhatsApp and confirms with 1', async ({
  signedInPage: { page, user },
  baseURL,
  databaseUrl,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Clínica Vida', status: 'active' });
  const { serviceId } = await setUpBookingViaApi(page, baseURL!, agent.id, {
    name: 'Consulta',
    durationMinutes: 30,
  });
  await createInstanceViaApi(page, baseURL!, agent.id);

  // The card: the day before and 2 hours before until the owner chooses otherwise.
  await page.goto(`/agents/${agent.id}/edit?tab=appointments`);
  const card = page.getByTestId('reminders-card');
  const lead = (name: string) => card.getByRole('checkbox', { name, exact: true });
  await expect(lead('1 dia antes')).toBeChecked();
  await expect(lead('2 horas antes')).toBeChecked();
  await lead('2 horas antes').click();
  await lead('4 horas antes').click();
  await lead('30 minutos antes').click();
  // Three chosen: a fourth cannot be.
  await expect(lead('2 dias antes')).toBeDisabled();
  await card.getByRole('button', { name: 'Salvar lembretes' }).click();
  await expect(toast(page).filter({ hasText: 'Lembretes salvos' })).toBeVisible();
  await page.reload();
  await expect(lead('4 horas antes')).toBeChecked();
  await expect(lead('2 horas antes')).not.toBeChecked();
  const saved = await page.request.get(`/api/agents/${agent.id}/reminders`);
  expect(await saved.json()).toEqual({ enabled: true, hoursBefore: [24, 4, 0.5] });

  // An appointment two days ahead: its 24-hour reminder is due tomorrow.
  const inTwoDays = addDays(dayIn(new Date().toISOString()), 2);
  const slots = await page.request.get(
    `/api/agents/${agent.id}/slots?serviceId=${serviceId}&from=${inTwoDays}&to=${inTwoDays}`,
  );
  const [slot] = (await slots.json()) as { startsAt: string }[];

  const { chat } = await connectInSimulator(page);
  await chat.getByLabel('Número do cliente').fill('5511976543210');
  const booked = await page.request.post('/api/appointments', {
    data: {
      agentId: agent.id,
      serviceId,
      startsAt: slot!.startsAt,
      customerName: 'Marta Lima',
      customerPhone: '(11) 97654-3210',
    },
    headers: { Origin: baseURL! },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentId = ((await booked.json()) as { id: number }).id;

  // Time is advanced, not waited for: the 24-hour reminder and its job become due now.
  type Reminder = { id: number; hours_before: number; status: string; due_at: Date };
  const reminders = () =>
    query<Reminder>(
      databaseUrl,
      `SELECT id, hours_before, status, due_at FROM appointment_reminders
        WHERE appointment_id = $1 ORDER BY hours_before DESC`,
      [appointmentId],
    );
  const planned = await reminders();
  expect(planned.map((r) => [r.hours_before, r.status])).toEqual([
    [24, 'scheduled'],
    [4, 'scheduled'],
    [0.5, 'scheduled'],
  ]);
  const dayBefore = planned[0]!;
  expect(dayBefore.due_at.getTime()).toBe(new Date(slot!.startsAt).getTime() - 24 * 3_600_000);
  await advanceJob(
    databaseUrl,
    { table: 'appointment_reminders', id: dayBefore.id },
    { queue: 'appointment-reminder', singletonKey: `reminder:${dayBefore.id}` },
  );

  // The reminder reaches the customer's phone, through the agent's number.
  const received = chat.locator('[data-testid="sim-message"][data-direction="out"]');
  // (its text names the day: the clock itself was not moved, so it is not "amanhã" yet)
  await expect(received.first()).toContainText('Olá, Marta! Lembrete: Consulta em', {
    timeout: 45_000,
  });
  await expect(received.first()).toContainText('Responda 1 para confirmar ou 2 para cancelar.');

  // The customer answers 1: confirmed, and told so.
  await chat.getByLabel('Mensagem').fill('1');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(received.nth(1)).toContainText('Obrigado, Marta!', { timeout: 45_000 });
  await expect(received.nth(1)).toContainText('está confirmado');
  expect(await received.count()).toBe(2);
  // The owner's inbox shows the reminder as one the agent sent on its own.
  const reminder = await inboxMessage(page, 'Clínica Vida', 'Lembrete: Consulta');
  await expect(reminder.getByTestId('inbox-message-origin')).toHaveText(' · lembrete automático');
  // the 24-hour one went; the others wait for their time
  expect((await reminders()).map((r) => [r.hours_before, r.status])).toEqual([
    [24, 'sent'],
    [4, 'scheduled'],
    [0.5, 'scheduled'],
  ]);
});
