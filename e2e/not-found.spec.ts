import { expect, test } from './fixtures';

for (const path of ['/nao-existe', '/dashboard/extra']) {
  test(`unknown path ${path} shows 'Page Not Found'`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
