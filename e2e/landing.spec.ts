import { expect, test, type Page } from './fixtures';

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('landing has no horizontal scroll at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  // Scroll through every section so nothing lazily laid out is missed.
  await page.locator('footer').scrollIntoViewIfNeeded();
  expect(await horizontalOverflow(page)).toBe(0);
});

test('the other public pages have no horizontal scroll at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/plans', '/auth', '/subscription?plan=basico', '/nao-existe']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page), path).toBe(0);
  }
});

test('the public pages log no console error at all when signed out, the user lookup included', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  for (const path of ['/', '/plans', '/auth', '/subscription?plan=basico', '/nao-existe']) {
    const lookup = page.waitForResponse('**/api/user').catch(() => null);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Asked or not, the lookup of a signed-out visitor is no failure.
    const res = await Promise.race([lookup, page.waitForLoadState('networkidle').then(() => null)]);
    if (res) expect(res.status(), path).toBe(200);
  }
  expect(errors).toEqual([]);
});

test('landing shows the sections, the four plans and the right links', async ({ page }) => {
  await page.goto('/landing');
  for (const id of ['recursos', 'como-funciona', 'planos', 'depoimentos']) {
    await expect(page.locator(`#${id}`)).toBeVisible();
  }
  await expect(page.locator('#como-funciona ol > li')).toHaveCount(5);

  const pricing = page.locator('#planos');
  for (const price of ['R$ 99,90 /mês', 'R$ 129,90 /mês', 'R$ 399,90 /mês', 'R$ 599,90 /mês']) {
    await expect(pricing.getByText(price)).toBeVisible();
  }
  await expect(pricing.getByText('Mais Popular')).toHaveCount(1);
  const expected = [
    ['Escolher Básico', 'basico'],
    ['Escolher Padrão', 'standard'],
    ['Escolher Multi', 'multi'],
    ['Falar com consultor', 'consultoria'],
  ] as const;
  for (const [name, id] of expected) {
    await expect(pricing.getByRole('link', { name })).toHaveAttribute(
      'href',
      `/plans?selected=${id}`,
    );
  }

  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the language switch turns the interface to English and remembers it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
});

test('the landing, plans and sign-in pages arrive rendered: readable before any script runs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const pages = [
    ['/', 'Seu atendente de IA no WhatsApp em cerca de 5 minutos'],
    ['/?utm_source=instagram', 'Seu atendente de IA no WhatsApp em cerca de 5 minutos'],
    ['/plans?selected=multi', 'Selecione o plano ideal para você'],
    ['/auth?plan=basico', 'Crie sua conta ou entre'],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
  // The plan the address names, not the default one.
  await expect(page.getByTestId('selected-plan')).toContainText('Básico');
  // Without its script the form cannot be sent: the browser would post it to no handler.
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeDisabled();
  // Nor can a tab be chosen: the tabs say so rather than ignore a click.
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeDisabled();
  await context.close();
});

test('the rendered sign-in page is taken over, not drawn again, when the session answers before its code', async ({
  page,
}) => {
  // The page's own chunk waits until the user lookup has answered: a slow network or a busy phone.
  // A state change reaching markup not yet hydrated would have React throw the rendered page away
  // and draw it again, losing the focus, a half-typed field and the scroll.
  let answered!: () => void;
  const lookup = new Promise<void>((resolve) => (answered = resolve));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/user') answered();
  });
  await page.route(/\/assets\/auth-[\w-]+\.js$/, async (route) => {
    await lookup;
    await route.continue();
  });
  // The rendered heading, before any script runs (readyState "interactive" comes before them).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { renderedHeading: Element | null }).renderedHeading =
        document.querySelector('h1');
    });
  });
  await page.goto('/auth?plan=basico');
  // The submit button waits for hydration (hooks/use-hydrated.ts).
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
  const kept = await page.evaluate(() => {
    const rendered = (window as unknown as { renderedHeading: Element | null }).renderedHeading;
    return rendered !== null && rendered === document.querySelector('h1');
  });
  expect(kept).toBe(true);
});
