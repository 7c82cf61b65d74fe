import { ptText } from './catalogue';
import { expect, test, type Page } from './fixtures';
import { countApiRequests } from './requests';

async function openSettings(page: Page) {
  await page.goto('/dashboard');
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByTestId('settings-section')).toBeVisible();
}

const errorText = (page: Page, text: string) =>
  page.getByTestId('settings-section').getByText(text, { exact: true });

test('saving the profile shows the new name in the sidebar footer', async ({
  signedInPage: { page, user },
}) => {
  await openSettings(page);
  const name = page.getByLabel('Full Name');
  const email = page.getByLabel('Email');
  await expect(name).toHaveValue(user.name);
  await expect(email).toHaveValue(user.email);

  await name.fill('Joana Prado');
  await email.fill(`novo.${user.email}`);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  await expect(page.getByTestId('sidebar-user')).toContainText('Joana Prado');

  await page.reload();
  await expect(page.getByTestId('sidebar-user')).toContainText('Joana Prado');
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByLabel('Email')).toHaveValue(`novo.${user.email}`);
});

test('settings validation messages are in English, before any request', async ({
  signedInPage: { page },
}) => {
  const requests = countApiRequests(page);
  await openSettings(page);

  await page.getByLabel('Full Name').fill('  ');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(errorText(page, 'Name is required')).toBeVisible();
  await expect(errorText(page, 'Invalid email address')).toBeVisible();

  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(errorText(page, 'Current password is required')).toBeVisible();
  await expect(errorText(page, 'Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm New Password').fill('abcdeg');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(errorText(page, "Passwords don't match")).toBeVisible();

  await page.getByRole('button', { name: 'Save API Settings' }).click();
  await expect(errorText(page, 'OpenAI API key is required')).toBeVisible();
  expect(requests('PUT', /^\/api\/settings\//)).toBe(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('a wrong current password is refused; the new password works at the next login', async ({
  signedInPage: { page, user },
}) => {
  await openSettings(page);
  const current = page.getByLabel('Current Password');
  const next = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password');

  await current.fill('nao-e-a-senha');
  await next.fill('nova-senha-456');
  await confirm.fill('nova-senha-456');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(errorText(page, ptText('errors', 'codes.WRONG_PASSWORD'))).toBeVisible();

  await current.fill(user.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password updated');
  await expect(current).toHaveValue('');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await page.getByLabel('Nome de usuário').fill(user.username);
  await page.getByLabel('Senha').fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByTestId('error-alert')).toHaveText(
    ptText('errors', 'codes.INVALID_CREDENTIALS'),
  );

  await page.getByLabel('Senha').fill('nova-senha-456');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-user')).toContainText(user.name);
});

test('a saved provider key is shown masked, never in the page; it can be removed', async ({
  signedInPage: { page },
}) => {
  const key = 'sk-e2e-secret-0123456789abcdef';
  await openSettings(page);
  await expect(page.getByTestId('provider-active')).toHaveText(
    "Offline mode: answers come from each agent's own knowledge",
  );
  // Offline there is no embedding model: keywords only, though the embedded database has pgvector.
  await expect(page.getByTestId('provider-retrieval')).toHaveText('Lexical (keywords only)');
  await expect(page.getByTestId('saved-key')).toHaveText('No key saved.');

  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByTestId('connection-result')).toContainText(
    ptText('errors', 'codes.PROVIDER_NOT_CONFIGURED'),
  );

  await page.getByLabel('OpenAI API Key').fill(key);
  await page.getByLabel('Base URL (optional)').fill('https://openrouter.ai/api/v1');
  await page.getByRole('combobox', { name: 'Default Model' }).click();
  await page.getByRole('option', { name: 'gpt-4.1', exact: true }).click();
  await page.getByRole('slider', { name: 'Temperature' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('temperature-value')).toHaveText('0.8');
  await page.getByRole('button', { name: 'Save API Settings' }).click();

  await expect(page.getByTestId('toast')).toContainText('API settings saved');
  await expect(page.getByTestId('saved-key')).toHaveText('Saved key: sk-e••••cdef');
  await expect(page.getByTestId('provider-active')).toHaveText('Your own key');
  await expect(page.getByTestId('provider-retrieval')).toHaveText('Hybrid (meaning and keywords)');
  await expect(page.getByLabel('OpenAI API Key')).toHaveValue('');
  expect(await page.content()).not.toContain(key);

  await page.reload();
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByTestId('saved-key')).toHaveText('Saved key: sk-e••••cdef');
  await expect(page.getByLabel('Base URL (optional)')).toHaveValue('https://openrouter.ai/api/v1');
  await expect(page.getByRole('combobox', { name: 'Default Model' })).toHaveText('gpt-4.1');
  await expect(page.getByTestId('temperature-value')).toHaveText('0.8');
  expect(await page.content()).not.toContain(key);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByTestId('toast')).toContainText('Key removed');
  await expect(page.getByTestId('saved-key')).toHaveText('No key saved.');
  await expect(page.getByTestId('provider-active')).toHaveText(
    "Offline mode: answers come from each agent's own knowledge",
  );
});

test('on a phone the settings forms fit the screen width', async ({ signedInPage: { page } }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog').locator('[data-section="settings"]').click();
  await expect(page.getByRole('button', { name: 'Testar conexão' })).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});
