import { expect, test } from './fixtures';

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
