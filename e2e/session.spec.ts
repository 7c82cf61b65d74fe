import { ptText } from './catalogue';
import { expect, test } from './fixtures';

test('sign out → opening /dashboard redirects to /auth', async ({
  signedInPage: { page, user },
}) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-user')).toContainText(user.name);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Passo 2 de 2')).toBeVisible();
});

test('signed-out visitors of protected routes are sent to /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/agents/1/edit');
  await expect(page).toHaveURL(/\/auth$/);
});

test('signed in, the agent editor route of an agent not owned shows Agente não encontrado', async ({
  signedInPage: { page },
}) => {
  await page.goto('/agents/42/edit');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Agente não encontrado' }),
  ).toBeVisible();
  await expect(page.getByText('Não encontramos o agente 42.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the dashboard’s skeleton shows while the user is looked up', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  const skeleton = page.getByRole('status', { name: ptText('ui', 'skeleton.dashboard') });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page).toHaveURL(/\/auth$/);
});
