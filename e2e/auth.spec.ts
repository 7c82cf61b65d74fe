import { subscribeViaSandbox } from './billing-api';
import { ptText } from './catalogue';
import { expect, newUserData, registerViaApi, test } from './fixtures';
import { countApiRequests } from './requests';

test('login → /dashboard shows the user name', async ({ page, baseURL, browser }) => {
  // Register in a separate context so this page starts signed out.
  const other = await browser.newContext({ baseURL });
  const user = await registerViaApi(other.request, baseURL!);
  await other.close();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await page.getByLabel('Nome de usuário').fill(user.username);
  await page.getByLabel('Senha').fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('sidebar-user')).toContainText(user.name);
  await expect(page.getByTestId('sidebar-user')).toContainText(`@${user.username}`);
  await expect(page.getByTestId('welcome')).toHaveText(`Olá, ${user.name}!`);
});

test('login failure shows the server message once, in the alert', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await page.getByLabel('Nome de usuário').fill('ninguem-cadastrado');
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  const message = ptText('errors', 'codes.INVALID_CREDENTIALS');
  await expect(page.getByTestId('error-alert')).toHaveText(message);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('login validation messages are shown per field, before any request', async ({ page }) => {
  const requests = countApiRequests(page);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByLabel('Nome de usuário')).toHaveAccessibleDescription(
    'Nome de usuário é obrigatório',
  );
  await expect(page.getByLabel('Senha')).toHaveAccessibleDescription('Senha é obrigatória');
  expect(requests('POST', '/api/login')).toBe(0);
});

test('register validation messages are shown per field, before any request', async ({ page }) => {
  const requests = countApiRequests(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  const username = page.getByLabel('Nome de usuário');
  const name = page.getByLabel('Nome completo');
  const email = page.getByLabel('E-mail');
  const password = page.getByLabel('Senha', { exact: true });
  const confirm = page.getByLabel('Confirmar senha');
  await expect(username).toHaveAccessibleDescription(
    'Nome de usuário deve ter pelo menos 3 caracteres',
  );
  await expect(name).toHaveAccessibleDescription('Nome é obrigatório');
  await expect(email).toHaveAccessibleDescription('E-mail inválido');
  await expect(password).toHaveAccessibleDescription('Senha deve ter pelo menos 6 caracteres');

  const user = newUserData();
  await username.fill(user.username);
  await name.fill(user.name);
  await email.fill(user.email);
  await password.fill(user.password);
  await confirm.fill(`${user.password}-diferente`);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(confirm).toHaveAccessibleDescription('Senhas não coincidem');
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth$/);
  expect(requests('POST', '/api/register')).toBe(0);
  await expect(page.getByTestId('error-alert')).toHaveCount(0);
});

test('the sign-in page fetches its validation and the errors catalogue once a form is used', async ({
  page,
}) => {
  const requests = countApiRequests(page);
  await page.goto('/auth');
  // The rendered page shows the button before its script runs; enabled, the page's code has taken
  // over (a focus before that reaches no handler and asks for nothing).
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  expect(requests('GET', /\/assets\/(errors|zod)-[\w-]+\.js$/)).toBe(0);

  const catalogue = page.waitForRequest((request) => /\/assets\/errors-/.test(request.url()));
  const validation = page.waitForRequest((request) => /\/assets\/zod-/.test(request.url()));
  await page.getByLabel('Nome de usuário').focus();
  await Promise.all([catalogue, validation]);
});

test('the sign-in tabs follow the arrow keys, Home and End, each tab naming its panel', async ({
  page,
}) => {
  await page.goto('/auth');
  const login = page.getByRole('tab', { name: 'Entrar' });
  const register = page.getByRole('tab', { name: 'Registrar' });
  await expect(page.getByRole('tablist', { name: 'Entrar ou registrar' })).toBeVisible();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(login).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel')).toHaveAttribute(
    'id',
    (await register.getAttribute('aria-controls')) ?? 'missing',
  );

  // The keys work once the page's script runs (until then the tabs say they are unavailable).
  await expect(register).toBeEnabled();
  await register.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute(
    'id',
    (await login.getAttribute('aria-controls')) ?? 'missing',
  );
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Entrar');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();

  // Wrapping round, and the ends.
  await page.keyboard.press('ArrowLeft');
  await expect(register).toBeFocused();
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(register).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  // One tab in the Tab order: the selected one.
  await expect(login).toHaveAttribute('tabindex', '-1');
  await expect(register).toHaveAttribute('tabindex', '0');
});

test('a taken username is reported once, on its field (no alert, no toast)', async ({
  page,
  baseURL,
  browser,
}) => {
  const other = await browser.newContext({ baseURL });
  const existing = await registerViaApi(other.request, baseURL!);
  await other.close();

  const user = newUserData();
  await page.goto('/auth');
  await page.getByLabel('Nome de usuário').fill(existing.username);
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  const message = ptText('errors', 'codes.USERNAME_TAKEN');
  await expect(page.getByLabel('Nome de usuário')).toHaveAccessibleDescription(message);
  await expect(page.getByLabel('Nome de usuário')).toBeFocused();
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByTestId('error-alert')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('API messages follow the chosen language (Accept-Language)', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('nobody-registered');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('error-alert')).toHaveText('Invalid username or password.');
});

test('toasts: one at a time, F8 focuses them, they close after 5 s', async ({
  signedInPage: { page },
}) => {
  // The page's clock is ours to move: 5 s of toast are run through, not waited for.
  await page.clock.install();
  await page.goto('/dashboard');
  await page.locator('[data-section="settings"]').click();
  const save = page.getByRole('button', { name: 'Salvar perfil' });
  await save.click();
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await save.click();
  await expect(page.getByTestId('toast')).toHaveCount(1);

  await page.keyboard.press('F8');
  await expect(
    page.getByRole('region', { name: 'Notificações (F8)' }).getByRole('list'),
  ).toBeFocused();
  // Moving focus out again lets the timer run (Radix pauses it while the toasts have focus).
  await page.getByLabel('Nome completo').focus();
  const toast = page.getByTestId('toast');
  await page.clock.runFor(3_500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(toast).toBeHidden();
});

test('a signed-in subscriber who opens the sign-in page goes to the dashboard', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await page.goto('/auth?plan=multi');
  // Not a subscriber yet: straight on to the subscription step, with the plan and nothing else.
  await expect(page).toHaveURL(/\/subscription\?plan=multi$/);

  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('radio', { name: /^Padrão/ })).toHaveCount(0);
});
