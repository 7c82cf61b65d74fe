import { createAgentViaApi, toast, unfoldAdvanced } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectNoLeaks, findLeaks, foreignTexts, text, type Lng } from './language-leaks';

/**
 * In pt-BR every word on screen is Portuguese, in English every word is English. Each
 * screen is checked against the texts that only the other language's catalogues hold, so a
 * literal left in a component, an untranslated catalogue value or a server text in the wrong
 * language fails here, whichever screen it sits on.
 */
const LANGUAGES: Lng[] = ['pt-BR', 'en'];

/** Turns the interface to `lng` with the language switch (the choice is then remembered). */
async function switchTo(page: Page, lng: Lng) {
  const name = text(lng, lng === 'en' ? 'ui:language.en' : 'ui:language.ptBR');
  // The button's name also holds the code it shows (PT, EN).
  await page.getByRole('button', { name }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

test('the check finds a text of the other language on the page', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  const english = text('en', 'ui:landing.nav.signIn');
  await page.evaluate((words) => {
    const probe = document.createElement('p');
    probe.textContent = words;
    document.body.append(probe);
  }, english);
  expect(await findLeaks(page, foreignTexts('pt-BR'))).toContainEqual({
    source: english,
    found: `text in <P>: "${english}"`,
  });
});

for (const lng of LANGUAGES) {
  const foreign = foreignTexts(lng);

  test(`${lng}: the landing, plans and sign-in pages show only ${lng} texts`, async ({ page }) => {
    await page.goto('/');
    await switchTo(page, lng);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(lng, 'ui:landing.hero.title'),
    );
    await expectNoLeaks(page, foreign, 'the landing page');

    await page.goto('/plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text(lng, 'ui:plansPage.title'),
    );
    await expectNoLeaks(page, foreign, 'the plans page');

    await page.goto('/auth');
    await page.getByRole('tab', { name: text(lng, 'ui:auth.tabs.login') }).click();
    await expectNoLeaks(page, foreign, 'the sign-in tab');
    // A refused sign-in: the server's message, in the form's alert.
    await page.getByLabel(text(lng, 'ui:auth.fields.username')).fill('ninguem');
    await page.getByLabel(text(lng, 'ui:auth.fields.password'), { exact: true }).fill('errada123');
    await page
      .getByRole('button', { name: text(lng, 'ui:auth.login.submit') })
      .last()
      .click();
    await expect(page.getByTestId('error-alert')).toBeVisible();
    await expectNoLeaks(page, foreign, 'the refused sign-in');

    await page.getByRole('tab', { name: text(lng, 'ui:auth.tabs.register') }).click();
    await page.getByRole('button', { name: text(lng, 'ui:auth.register.submit') }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoLeaks(page, foreign, 'the register tab with its field errors');
  });

  test(`${lng}: every dashboard section shows only ${lng} texts`, async ({
    signedInPage: { page },
    baseURL,
  }) => {
    // Eleven sections, each checked for leaks, then the dialogs: past the default 30 s on a busy
    // machine since Relatórios joined.
    test.slow();
    const agent = await createAgentViaApi(page, baseURL!, {
      name: 'Padaria Pão Quente',
      description: 'Atende os clientes da padaria',
      status: 'active',
    });
    await page.goto('/dashboard');
    await switchTo(page, lng);

    // The sections are the sidebar's, whatever it lists, 'Avançado' unfolded.
    await unfoldAdvanced(page, page.locator('aside'));
    const items = page.locator('nav [data-section]');
    await expect(items.first()).toBeVisible();
    const sections = await items.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('data-section') ?? ''),
    );
    expect(sections.length).toBeGreaterThanOrEqual(8);

    for (const section of sections) {
      await page.locator(`nav [data-section="${section}"]`).click();
      await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
        text(lng, `ui:dashboard.sections.${section}.title`),
      );
      // Where the section works on one agent, pick it so its panels show too.
      const picker = page.getByRole('main').getByRole('combobox', {
        name: text(lng, 'console:testing.picker.label'),
        exact: true,
      });
      if (['testing', 'whatsapp-instances', 'whatsapp-test'].includes(section)) {
        await picker.click();
        await page.getByRole('option', { name: agent.name }).click();
      }
      await expectNoLeaks(page, foreign, `the ${section} section`);
    }

    // A toast the user triggers, and the creation dialogs of the header.
    await page.locator('nav [data-section="settings"]').click();
    await page.getByRole('button', { name: text(lng, 'console:settings.profile.save') }).click();
    await expect(
      toast(page).filter({ hasText: text(lng, 'console:settings.profile.saved') }),
    ).toBeVisible();
    await expectNoLeaks(page, foreign, 'the settings with the profile saved');

    for (const action of ['quick', 'wizard'] as const) {
      await page
        .getByRole('banner')
        .getByRole('button', { name: text(lng, `ui:dashboard.actions.${action}`) })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoLeaks(page, foreign, `the ${action} creation dialog`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }

    await page.goto(`/agents/${agent.id}/edit`);
    await expect(page.getByText(text(lng, 'agents:editor.editing'))).toBeVisible();
    await expectNoLeaks(page, foreign, "the agent's editor");
    await page.getByRole('tab', { name: text(lng, 'agents:editor.tabs.appointments') }).click();
    await expect(page.getByTestId('availability-week')).toBeVisible();
    await expectNoLeaks(page, foreign, "the agent's appointments tab");
    await page.getByRole('tab', { name: text(lng, 'agents:editor.tabs.whatsapp') }).click();
    await expect(page.getByTestId('follow-ups-card')).toBeVisible();
    await expectNoLeaks(page, foreign, "the agent's WhatsApp tab");
  });

  test(`${lng}: the public booking page shows only ${lng} texts`, async ({
    signedInPage: { page, user },
    baseURL,
    browser,
  }) => {
    // Served for active agents of subscribed owners only, like the widget.
    await subscribeViaSandbox(page, baseURL!, user, 'standard');
    const agent = await createAgentViaApi(page, baseURL!, {
      name: 'Salão Bela Vista',
      status: 'active',
    });
    const request = page.context().request;
    const headers = { Origin: baseURL! };
    const service = await request.post(`/api/agents/${agent.id}/services`, {
      data: { name: 'Escova', durationMinutes: 45, priceBrl: 60 },
      headers,
    });
    expect(service.status(), await service.text()).toBe(201);
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '08:00',
      end: '20:00',
      capacity: 1,
    }));
    const saved = await request.put(`/api/agents/${agent.id}/availability`, {
      data: { timezone: 'America/Sao_Paulo', weekly },
      headers,
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const { slug } = (await (await request.get(`/api/agents/${agent.id}/booking`)).json()) as {
      slug: string;
    };

    const customer = await (await browser.newContext({ baseURL })).newPage();
    await customer.goto(`/agendar/${slug}`);
    await switchTo(customer, lng);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(
      text(lng, 'appointments:booking.title').replace('{{agent}}', agent.name),
    );
    await customer.getByRole('button', { name: /Escova/ }).click();
    await customer.getByTestId('booking-days').getByRole('button').first().click();
    await customer.getByTestId('booking-times').getByRole('button').first().click();
    // Refused fields: the schema's messages, in the language on screen.
    await customer.getByRole('button', { name: text(lng, 'appointments:booking.confirm') }).click();
    await expect(customer.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoLeaks(customer, foreign, 'the booking page with its field errors');
    await customer.context().close();
  });
}
