import { subscribeViaSandbox } from './billing-api';
import { ptText } from './catalogue';
import { expect, newUserData, test } from './fixtures';
import { countApiRequests } from './requests';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the screens print a date: long pt-BR format in São Paulo time. */
function brDate(date: Date): string {
  return new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'long',
    timeZone: 'America/Sao_Paulo',
  }).format(date);
}

test('landing → plan → register → subscription → test checkout approve → dashboard shows the trial, Settings the first charge; cancel with confirmation', async ({
  page,
}) => {
  // The whole funnel in one test: three times the usual time limit on a shared machine.
  test.slow();
  const user = newUserData();
  await page.goto('/');
  await page.locator('#planos').getByRole('link', { name: 'Escolher Padrão' }).click();
  // The next step is on the first screen, not below the four cards.
  const next = page.getByRole('link', { name: 'Continuar com Padrão' });
  await expect(next).toBeInViewport({ ratio: 1 });
  await next.click();
  await page.getByLabel('Nome de usuário').fill(user.username);
  await page.getByLabel('Nome completo').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmar senha').fill(user.password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/subscription\?plan=standard$/);
  await expect(page.getByTestId('plan-summary')).toContainText('R$ 129,90 /mês');
  const payer = page.getByLabel('E-mail da sua conta Mercado Pago');
  await expect(payer).toHaveValue(user.email);
  await expect(page.getByText('Teste grátis por 7 dias', { exact: false })).toBeVisible();
  const request = page.waitForRequest('**/api/subscriptions/create');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  expect((await request).postDataJSON()).toEqual({
    planId: 'standard',
    userEmail: user.email,
    userName: user.name,
  });

  // Our own test checkout, clearly labelled, with the plan and the amount.
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_[0-9a-f]+$/);
  await expect(page.getByText('Ambiente de teste')).toBeVisible();
  const checkout = page.getByTestId('sandbox-checkout');
  await expect(checkout).toContainText('Padrão');
  await expect(checkout).toContainText('R$ 129,90 /mês');
  await expect(checkout).toContainText(user.email);
  await expect(checkout).toContainText('7 dias');
  const approvedAt = Date.now();
  await page.getByRole('button', { name: 'Aprovar pagamento' }).click();

  // The return page shows only what the provider's notification confirmed.
  await expect(page).toHaveURL(/\/subscription\/return\?preapproval_id=sbx_/);
  const returned = page.getByTestId('subscription-return');
  await expect(returned).toContainText('Seu teste grátis de 7 dias começou');
  const firstCharge = brDate(new Date(approvedAt + 7 * DAY_MS));
  await expect(returned).toContainText(`Primeira cobrança em ${firstCharge}`);
  await returned.getByRole('link', { name: 'Ir para o painel' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('subscription-trial-note')).toContainText(
    `Teste grátis do plano Padrão até ${firstCharge}`,
  );
  await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

  await page.locator('nav [data-section="settings"]').click();
  const card = page.getByTestId('subscription-card');
  await expect(card.getByTestId('subscription-plan')).toHaveText('Padrão');
  await expect(card.getByTestId('subscription-status')).toHaveText('Teste grátis');
  await expect(card).toContainText('Primeira cobrança');
  await expect(card.getByTestId('subscription-next-charge')).toHaveText(firstCharge);

  // Cancel: a confirmation first; keeping it changes nothing.
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar assinatura?' });
  await expect(dialog).toContainText('cancelando agora, nada será cobrado');
  await dialog.getByRole('button', { name: 'Manter assinatura' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('subscription-status')).toHaveText('Teste grátis');
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await dialog.getByRole('button', { name: 'Sim, cancelar' }).click();
  await expect(page.getByTestId('toast')).toContainText('Assinatura cancelada');
  await expect(card.getByTestId('subscription-status')).toHaveText('Cancelada');
  await expect(card).toContainText('Nenhuma cobrança será feita.');

  // Without an active subscription the dashboard says what is missing and links to /subscription.
  await page.locator('nav [data-section="dashboard"]').click();
  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toContainText('Seus agentes ainda não atendem clientes');
  await banner.getByRole('link', { name: 'Ver planos e assinar' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test("'Recusar' on the test checkout: nothing charged, back to choosing a plan", async ({
  signedInPage: { page },
}) => {
  await page.goto('/subscription?plan=basico');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expect(page.getByTestId('sandbox-checkout')).toContainText('R$ 99,90 /mês');
  await page.getByRole('button', { name: 'Recusar' }).click();
  await expect(page.getByTestId('subscription-return')).toContainText(
    'O pagamento não foi concluído. Nenhuma cobrança foi feita.',
  );
  await page.getByRole('link', { name: 'Escolher um plano de novo' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('an active subscriber is told to change plan in Settings, in the red alert', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await page.goto('/subscription?plan=multi');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  const alert = page.getByTestId('error-alert');
  await expect(alert).toContainText(
    ptText('errors', 'codes.SUBSCRIPTION_EXISTS').replace('{{plan}}', 'Padrão'),
  );
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toHaveClass(/\bbg-red-50\b/);
  await alert.getByRole('link', { name: 'Ir para Configurações › Assinatura' }).click();
  await expect(page.getByTestId('subscription-card')).toContainText('Padrão');

  // Plan change from Settings: the same subscription, the new amount.
  const card = page.getByTestId('subscription-card');
  await card.getByRole('button', { name: 'Mudar plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mudar de plano' });
  await dialog.getByRole('radio', { name: /^Multi/ }).click();
  await dialog.getByRole('button', { name: 'Mudar para Multi' }).click();
  await expect(page.getByTestId('toast')).toContainText('Plano alterado');
  await expect(card.getByTestId('subscription-plan')).toHaveText('Multi');
  await expect(card).toContainText('R$ 399,90 /mês');
});

test('the name and e-mail come from the session; an empty payer e-mail is said once, with no request', async ({
  signedInPage: { page, user },
}) => {
  const requests = countApiRequests(page);
  // An old link with someone else's data in the address changes nothing.
  await page.goto('/subscription?email=outra%40example.com&name=Outra&plan=basico');
  await expect(page.getByText(`Olá, ${user.name}!`, { exact: false })).toBeVisible();
  const payer = page.getByLabel('E-mail da sua conta Mercado Pago');
  await expect(payer).toHaveValue(user.email);

  await payer.fill('');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  await expect(payer).toHaveAccessibleDescription('E-mail inválido');
  await expect(page.getByText('E-mail inválido')).toHaveCount(1);
  await expect(page.getByTestId('error-alert')).toHaveCount(0);
  expect(requests('POST', '/api/subscriptions/create')).toBe(0);

  // Fixed, it goes: the typed payer e-mail and the session's name.
  await payer.fill(user.email);
  const request = page.waitForRequest('**/api/subscriptions/create');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  expect((await request).postDataJSON()).toEqual({
    planId: 'basico',
    userEmail: user.email,
    userName: user.name,
  });
  await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
});

test("consultoria never goes to checkout: 'Falar com consultor' stores the request and confirms", async ({
  signedInPage: { page, user },
}) => {
  await page.goto('/subscription?plan=consultoria');
  await expect(page.getByRole('button', { name: 'Assinar agora' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Falar com consultor' }).click();
  const dialog = page.getByTestId('contact-sales-dialog');
  await expect(dialog.getByLabel('Nome')).toHaveValue(user.name);
  await dialog.getByLabel('E-mail').fill('nao-e-email');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByText('E-mail inválido')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(user.email);
  await dialog.getByLabel('Telefone (opcional)').fill('+55 11 98888-7777');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog).toContainText('Pedido enviado!');
  await expect(dialog).toContainText('Um consultor vai responder em até 1 dia útil.');
});

test('without a plan in the query the subscription starts on standard', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('radio', { name: /^Padrão/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  // Signed out: no form to fail, a way to sign in with the chosen plan.
  await expect(page.getByRole('button', { name: 'Assinar agora' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Entrar ou criar conta' })).toHaveAttribute(
    'href',
    '/auth?plan=standard',
  );
  await page.getByRole('link', { name: 'Voltar aos planos' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('Assinar agora reads Processando... while pending, then follows init_point', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const checkout = `${baseURL}/landing?checkout=held`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscriptions/create', async (route) => {
    await held;
    await route.fulfill({ json: { init_point: checkout } });
  });

  await page.goto('/subscription?plan=multi');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  const pending = page.getByRole('button', { name: 'Processando...' });
  await expect(pending).toBeDisabled();
  release();
  await page.waitForURL(checkout);
});

test("landing 'Falar com consultor' → plans: the consultoria plan opens the contact form, no account needed", async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('#planos').getByRole('link', { name: 'Falar com consultor' }).click();
  await expect(page).toHaveURL(/\/plans\?selected=consultoria$/);
  await expect(page.getByRole('link', { name: /^Continuar com/ })).toHaveCount(0);
  await page
    .getByTestId('plan-summary')
    .getByRole('button', { name: 'Falar com consultor' })
    .click();
  const dialog = page.getByTestId('contact-sales-dialog');
  await dialog.getByLabel('Nome').fill('Ana Lima');
  await dialog.getByLabel('E-mail').fill('ana@loja.com.br');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog).toContainText('Pedido enviado!');
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(dialog).toBeHidden();
});
