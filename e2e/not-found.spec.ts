import { expect, test } from './fixtures';

// Signed out too, a path under /dashboard that no section has is not found (not a sign-in).
for (const path of ['/nao-existe', '/dashboard/extra', '/dashboard/avancado/nada']) {
  test(`unknown path ${path} shows 'Página não encontrada'`, async ({ page }) => {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
