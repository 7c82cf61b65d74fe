import { ptText } from './catalogue';
import { expect, test } from './fixtures';

test('subscription shows the server error in the red alert', async ({
  signedInPage: { page, user },
}) => {
  const query = new URLSearchParams({ email: user.email, name: user.name, plan: 'basico' });
  await page.goto(`/subscription?${query.toString()}`);
  await expect(page.getByRole('radio', { name: /^Básico/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByTestId('plan-summary')).toContainText('R$ 99,90 /mês');
  await expect(
    page.getByText('Você será redirecionado para o provedor de pagamento', { exact: false }),
  ).toBeVisible();

  await page.getByRole('radio', { name: /^Standard/ }).click();
  const request = page.waitForRequest('**/api/subscriptions/create');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  expect((await request).postDataJSON()).toEqual({
    planId: 'standard',
    userEmail: user.email,
    userName: user.name,
  });

  const alert = page.getByTestId('error-alert');
  await expect(alert).toContainText(ptText('errors', 'codes.PAYMENTS_UNAVAILABLE'));
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toHaveClass(/\bbg-red-50\b/);
  await expect(page.getByRole('button', { name: 'Assinar agora' })).toBeEnabled();
});

test('without a plan in the query the subscription starts on standard', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByRole('radio', { name: /^Standard/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('link', { name: 'Voltar aos planos' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

// The payment provider arrives in a later issue; until then only the browser side of the redirect
// can be exercised, by answering the call the way the provider-backed server will.
test('Assinar agora reads Processando... while pending, then follows init_point', async ({
  page,
  baseURL,
}) => {
  const checkout = `${baseURL}/landing?checkout=sandbox`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/subscriptions/create', async (route) => {
    await held;
    await route.fulfill({ json: { init_point: checkout } });
  });

  await page.goto('/subscription?email=ana%40example.com&name=Ana&plan=multi');
  await page.getByRole('button', { name: 'Assinar agora' }).click();
  const pending = page.getByRole('button', { name: 'Processando...' });
  await expect(pending).toBeDisabled();
  release();
  await page.waitForURL(checkout);
});
