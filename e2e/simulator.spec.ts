import { createAgentViaApi } from './agents-api';
import { expect, test } from './fixtures';
import { createInstanceViaApi } from './whatsapp-api';

test('the simulator page explains itself and lists only the owner’s instances', async ({
  signedInPage: { page },
}) => {
  await page.goto('/simulator');
  await expect(page.getByRole('heading', { name: 'Simulador do WhatsApp' })).toBeVisible();
  await expect(page).toHaveTitle(/Simulador do WhatsApp/);
  await expect(page.getByTestId('simulator-explainer')).toContainText('faz o papel de um celular');
  await expect(page.getByTestId('sim-instances')).toContainText('Nenhuma instância ainda');
  await expect(page.getByTestId('sim-chat-none')).toBeVisible();
});

test('the simulator page needs a signed-in owner', async ({ page }) => {
  await page.goto('/simulator');
  await expect(page).toHaveURL(/\/auth/);
});

test('the customer’s number never starts as the business’s own number', async ({
  signedInPage: { page },
  baseURL,
}) => {
  // The business typed the forms' example number as its own.
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria', status: 'active' });
  const created = await createInstanceViaApi(page, baseURL!, agent.id, '5511987654321');
  const scanned = await page
    .context()
    .request.post(`/simulator/evolution/_sim/${created.instanceName}/scan`, {
      data: {},
      headers: { Origin: baseURL! },
    });
  expect(scanned.status(), await scanned.text()).toBe(200);
  await page.goto('/simulator');
  const number = page.getByLabel('Número do cliente');
  await expect(number).toHaveValue(/^\d{12,13}$/);
  await expect(number).not.toHaveValue('5511987654321');
});
