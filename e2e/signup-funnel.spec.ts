import { expect, newUserData, test } from './fixtures';

test('landing → plans → select a plan → continue → register lands on /subscription with the plan only', async ({
  page,
}) => {
  const user = newUserData();
  await page.goto('/');

  await page.locator('#planos').getByRole('link', { name: 'Escolher Básico' }).click();
  await expect(page).toHaveURL(/\/plans\?selected=basico$/);
  await expect(page.getByText('Passo 1 de 2: Escolha seu plano')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Selecione o plano ideal para você' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Básico/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.getByRole('radio', { name: /^Multi/ }).click();
  await expect(page.getByRole('radio', { name: /^Multi/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: /^Básico/ })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const summary = page.getByTestId('plan-summary');
  await expect(summary).toContainText('Plano Selecionado');
  await expect(summary).toContainText('Multi');
  await expect(summary).toContainText('R$ 399,90 /mês');
  await expect(summary).toContainText('Próximo passo: criar sua conta e finalizar assinatura');

  await page.getByRole('link', { name: 'Continuar com Multi' }).click();
  await expect(page).toHaveURL(/\/auth\?plan=multi$/);
  await expect(page.getByText('Passo 2 de 2')).toBeVisible();
  await expect(page.getByTestId('selected-plan')).toContainText('Multi');
  await expect(page.getByRole('tab', { name: 'Registrar' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByLabel('Nome de usuário').fill(user.username);
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // The name and e-mail come from the session, not the address bar.
  await expect(page).toHaveURL(/\/subscription\?plan=multi$/);
  expect(page.url()).not.toContain(encodeURIComponent(user.email));
  await expect(page.getByText(`Olá, ${user.name}!`, { exact: false })).toBeVisible();
  await expect(page.getByText(`Assinatura para ${user.email}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Multi/ })).toHaveAttribute('aria-checked', 'true');
});
