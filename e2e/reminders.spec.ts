import { createAgentViaApi, toast } from './agents-api';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import { connectInSimulator, createInstanceViaApi } from './whatsapp-api';

test('the owner picks when reminders go; the customer gets one on WhatsApp and confirms with 1', async ({
  signedInPage: { page, user },
  baseURL,
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

  // Time is not waited for: the lead of the one reminder is set (through the API, which takes
  // fractions of an hour) so that it falls due a few seconds after the booking below.
  const tomorrow = addDays(dayIn(new Date().toISOString()), 1);
  const slots = await page.request.get(
    `/api/agents/${agent.id}/slots?serviceId=${serviceId}&from=${tomorrow}&to=${tomorrow}`,
  );
  const [slot] = (await slots.json()) as { startsAt: string }[];
  const hours = (new Date(slot!.startsAt).getTime() - Date.now() - 8_000) / 3_600_000;
  const set = await page.request.put(`/api/agents/${agent.id}/reminders`, {
    data: { enabled: true, hoursBefore: [hours] },
    headers: { Origin: baseURL! },
  });
  expect(set.status(), await set.text()).toBe(200);

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

  // The reminder reaches the customer's phone, through the agent's number.
  const received = chat.locator('[data-testid="sim-message"][data-direction="out"]');
  await expect(received.first()).toContainText('Olá, Marta! Lembrete: Consulta amanhã', {
    timeout: 45_000,
  });
  await expect(received.first()).toContainText('Responda 1 para confirmar ou 2 para cancelar.');

  // The customer answers 1: confirmed, and told so.
  await chat.getByLabel('Mensagem').fill('1');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(received.nth(1)).toContainText('Obrigado, Marta!', { timeout: 45_000 });
  await expect(received.nth(1)).toContainText('está confirmado');
  expect(await received.count()).toBe(2);
});
