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
  const name = page.getByLabel('Nome completo');
  const email = page.getByLabel('E-mail');
  await expect(name).toHaveValue(user.name);
  await expect(email).toHaveValue(user.email);

  await name.fill('Joana Prado');
  await email.fill(`novo.${user.email}`);
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByTestId('toast')).toContainText('Perfil atualizado');
  await expect(page.getByTestId('sidebar-user')).toContainText('Joana Prado');

  await page.reload();
  await expect(page.getByTestId('sidebar-user')).toContainText('Joana Prado');
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByLabel('E-mail')).toHaveValue(`novo.${user.email}`);
});

test('the time zone starts on São Paulo, lists every zone and keeps the one saved', async ({
  signedInPage: { page },
}) => {
  await openSettings(page);
  const zone = page.getByLabel('Fuso horário');
  await expect(zone).toHaveValue('America/Sao_Paulo');
  // Brazil's zones first, then the rest of the world's.
  await expect(zone.locator('optgroup').first()).toHaveAttribute('label', 'Brasil');
  expect(await zone.locator('option').count()).toBeGreaterThan(300);
  // Named in words by city and states, never as a raw id; the rest of the world by city.
  await expect(zone.locator('option:checked')).toHaveText(
    /^Horário de Brasília \(São Paulo, Rio de Janeiro, Brasília, Sul e Sudeste\) · GMT-3$/,
  );
  await expect(zone.locator('option[value="America/Manaus"]')).toHaveText(
    'Manaus (Amazonas) · GMT-4',
  );
  await expect(zone.locator('option[value="Asia/Tokyo"]')).toHaveText('Tokyo (Asia) · GMT+9');
  for (const label of await zone.locator('option').allTextContents()) {
    expect(label).not.toMatch(/_|^[A-Z][a-z]+\//);
  }
  await zone.selectOption('America/Manaus');
  await page.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByTestId('toast')).toContainText('Preferências salvas');

  await page.reload();
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByLabel('Fuso horário')).toHaveValue('America/Manaus');
  await page.getByLabel('Fuso horário').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Preferências salvas');
  const saved = await page.context().request.get('/api/settings/preferences');
  expect(await saved.json()).toEqual({ timezone: 'Asia/Tokyo' });
});

test('settings validation messages are in English, before any request', async ({
  signedInPage: { page },
}) => {
  const requests = countApiRequests(page);
  await openSettings(page);

  await page.getByLabel('Nome completo').fill('  ');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(errorText(page, 'Informe seu nome')).toBeVisible();
  await expect(errorText(page, 'E-mail inválido')).toBeVisible();

  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(errorText(page, 'Informe a senha atual')).toBeVisible();
  await expect(errorText(page, 'A senha precisa ter pelo menos 6 caracteres')).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirme a nova senha').fill('abcdeg');
  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(errorText(page, 'As senhas não coincidem')).toBeVisible();

  await page.getByRole('button', { name: 'Salvar configurações de IA' }).click();
  await expect(errorText(page, 'Informe a chave da OpenAI')).toBeVisible();
  expect(requests('PUT', /^\/api\/settings\//)).toBe(0);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('a wrong current password is refused; the new password works at the next login', async ({
  signedInPage: { page, user },
}) => {
  await openSettings(page);
  const current = page.getByLabel('Senha atual');
  const next = page.getByLabel('Nova senha', { exact: true });
  const confirm = page.getByLabel('Confirme a nova senha');

  await current.fill('nao-e-a-senha');
  await next.fill('nova-senha-456');
  await confirm.fill('nova-senha-456');
  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(errorText(page, ptText('errors', 'codes.WRONG_PASSWORD'))).toBeVisible();

  await current.fill(user.password);
  await page.getByRole('button', { name: 'Atualizar senha' }).click();
  await expect(page.getByTestId('toast')).toContainText('Senha atualizada');
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
    'Sem IA conectada: as respostas vêm do conhecimento de cada agente',
  );
  // Offline there is no embedding model: keywords only, though the embedded database has pgvector.
  await expect(page.getByTestId('provider-retrieval')).toHaveText('Só pelas palavras');
  await expect(page.getByTestId('saved-key')).toHaveText('Nenhuma chave salva.');

  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByTestId('connection-result')).toContainText(
    ptText('errors', 'codes.PROVIDER_NOT_CONFIGURED'),
  );

  await page.getByLabel('Chave da OpenAI').fill(key);
  // The service address sits under Avançado, folded while none is saved.
  await page.getByRole('main').getByText('Avançado', { exact: true }).click();
  await page.getByLabel('Endereço do serviço (opcional)').fill('https://openrouter.ai/api/v1');
  await page.getByRole('combobox', { name: 'Modelo padrão' }).click();
  await page.getByRole('option', { name: 'gpt-4.1', exact: true }).click();
  await page.getByRole('slider', { name: 'Criatividade das respostas' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('temperature-value')).toHaveText('0.8');
  await page.getByRole('button', { name: 'Salvar configurações de IA' }).click();

  await expect(page.getByTestId('toast')).toContainText('Configurações de IA salvas');
  await expect(page.getByTestId('saved-key')).toHaveText('Chave salva: sk-e••••cdef');
  await expect(page.getByTestId('provider-active')).toHaveText('Sua própria chave');
  await expect(page.getByTestId('provider-retrieval')).toHaveText('Pelo sentido e pelas palavras');
  await expect(page.getByLabel('Chave da OpenAI')).toHaveValue('');
  expect(await page.content()).not.toContain(key);

  await page.reload();
  await page.locator('[data-section="settings"]').click();
  await expect(page.getByTestId('saved-key')).toHaveText('Chave salva: sk-e••••cdef');
  await expect(page.getByLabel('Endereço do serviço (opcional)')).toHaveValue(
    'https://openrouter.ai/api/v1',
  );
  await expect(page.getByRole('combobox', { name: 'Modelo padrão' })).toHaveText('gpt-4.1');
  await expect(page.getByTestId('temperature-value')).toHaveText('0.8');
  expect(await page.content()).not.toContain(key);

  await page.getByRole('button', { name: 'Remover chave' }).click();
  await expect(page.getByTestId('toast')).toContainText('Chave removida');
  await expect(page.getByTestId('saved-key')).toHaveText('Nenhuma chave salva.');
  await expect(page.getByTestId('provider-active')).toHaveText(
    'Sem IA conectada: as respostas vêm do conhecimento de cada agente',
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
