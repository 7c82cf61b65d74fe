import { createAgentViaApi } from './agents-api';
import { setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import { expectFitsPhone, openSectionOnPhone, PHONE } from './screen-helpers';
import { chooseAgent, createInstanceViaApi } from './whatsapp-api';

// Every screen at 360×740: no sideways scroll, the main action in the first screenful.

test.use({ viewport: PHONE });

test('public pages fit a 360 px phone', async ({ page }) => {
  await page.goto('/');
  await expectFitsPhone(
    page,
    page.getByRole('link', { name: 'Escolher meu plano' }).first(),
    'landing',
  );

  await page.goto('/plans');
  await expectFitsPhone(page, page.getByRole('radio').first().getByRole('heading'), 'plans');
  // The chosen plan's button stays at the bottom of the screen while the cards scroll under it.
  await expect(page.getByRole('link', { name: 'Continuar com Padrão' })).toBeInViewport({
    ratio: 1,
  });
  await page.getByRole('radio', { name: /^Multi/ }).click();
  await expect(page.getByRole('link', { name: 'Continuar com Multi' })).toBeInViewport({
    ratio: 1,
  });

  await page.goto('/auth');
  await expectFitsPhone(page, page.getByRole('tabpanel').getByRole('textbox').first(), 'auth');
});

test('the subscription screen puts the chosen plan and its payment first', async ({
  signedInPage: { page },
}) => {
  await page.goto('/subscription');
  await expectFitsPhone(page, page.getByRole('textbox').first(), 'subscription');
  await expect(page.locator('main form button[type="submit"]')).toBeInViewport({ ratio: 1 });
});

test('the dashboard sections fit a 360 px phone', async ({ signedInPage: { page }, baseURL }) => {
  test.slow();
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await createInstanceViaApi(page, baseURL!, agent.id);
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  // The header's actions carry their words on a phone, not only an icon.
  await expectFitsPhone(page, header.getByRole('button', { name: 'Criar Rápido' }), 'home');
  await expect(header.getByRole('button', { name: 'Assistente' })).toHaveText('Assistente');
  await expect(header.getByRole('button', { name: 'Criar Rápido' })).toHaveText('Criar Rápido');
  await expect(header.getByRole('button', { name: 'Assistente' })).toBeInViewport({ ratio: 1 });
  // The go-live checklist comes first, its first step's button on the first screen.
  await expect(page.getByTestId('go-live-checklist').getByRole('button').first()).toBeInViewport({
    ratio: 1,
  });

  await openSectionOnPhone(page, 'agents');
  await expectFitsPhone(page, page.getByRole('button', { name: 'Criar Agente' }), 'agents');

  await openSectionOnPhone(page, 'templates');
  await expectFitsPhone(page, page.getByRole('heading', { level: 2 }).first(), 'templates');

  await openSectionOnPhone(page, 'testing');
  const picker = page.getByRole('combobox', { name: 'Agente' });
  await expectFitsPhone(page, picker, 'testing');
  await picker.click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  const message = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await message.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, message, 'testing-chat');

  await openSectionOnPhone(page, 'whatsapp-instances');
  const whatsappPicker = page.getByTestId('whatsapp-agent-select');
  await expectFitsPhone(page, whatsappPicker, 'whatsapp');
  await whatsappPicker.click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  const heading = page.getByTestId('conversations-card').getByRole('heading').first();
  // The panels above it load their figures and QR code after the card appears, moving it down:
  // scrolled to again until it stays in view.
  await expect(async () => {
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass();
  // Checked again once in view: a panel that grows meanwhile scrolls it away, and back again.
  await expect(async () => {
    await heading.scrollIntoViewIfNeeded();
    await expectFitsPhone(page, heading, 'whatsapp-agent');
  }).toPass();

  await openSectionOnPhone(page, 'whatsapp-test');
  await expectFitsPhone(page, page.getByTestId('whatsapp-agent-select'), 'whatsapp-test');
  // A logged test result (status and webhook payload details) stays inside the screen too.
  await chooseAgent(page, 'Padaria Pão Quente');
  await page.getByRole('button', { name: 'Testar recebimento' }).click();
  const entry = page.getByTestId('test-log-entry').first();
  await expect(entry).toHaveAttribute('data-status', 'success');
  await entry.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, entry, 'whatsapp-test-log');

  await openSectionOnPhone(page, 'analytics');
  await expectFitsPhone(page, page.getByRole('button', { name: 'Últimos 7 dias' }), 'analytics');
  await expect(page.getByTestId('usage-card')).toBeVisible();
  await expectFitsPhone(page, page.getByRole('button', { name: 'Personalizado' }), 'analytics');

  await openSectionOnPhone(page, 'appointments');
  await expectFitsPhone(page, page.getByRole('button', { name: 'Novo agendamento' }), 'agenda');
  const feed = page.getByTestId('calendar-feed-url');
  await feed.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, feed, 'agenda-feed');

  await openSectionOnPhone(page, 'evolution');
  await expectFitsPhone(page, page.getByRole('tab').first(), 'evolution');

  await openSectionOnPhone(page, 'settings');
  await expectFitsPhone(page, page.locator('main form button[type="submit"]').first(), 'settings');
});

test('the agent editor: every tab reachable, Salvar in view, on a 360 px phone', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await page.goto(`/agents/${agent.id}/edit`);
  const save = page.getByRole('button', { name: 'Salvar', exact: true });
  await expectFitsPhone(page, save, 'editor-basic');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });

  await page.getByRole('tab', { name: 'Base de Conhecimento' }).click();
  await expectFitsPhone(page, save, 'editor-knowledge');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expectFitsPhone(page, save, 'editor-whatsapp');
  await page.getByRole('tab', { name: 'Agendamentos' }).click();
  await expect(page.getByTestId('availability-week')).toBeVisible();
  await expectFitsPhone(page, save, 'editor-appointments');
  const window = page.getByRole('button', { name: 'Adicionar horário' }).first();
  await window.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, window, 'editor-appointments-week');
});

test('the dialogs fit a 360 px phone with their main action in view', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Site da Padaria', status: 'active' });
  await page.goto('/dashboard');
  await openSectionOnPhone(page, 'agents');
  await page.getByRole('button', { name: 'Ações do agente Site da Padaria' }).click();
  await page.getByRole('menuitem', { name: 'Código do chat do site' }).click();
  const webchat = page.getByRole('dialog', { name: 'Código do chat do site' });
  await expect(webchat).toBeInViewport({ ratio: 1 });
  await expect(webchat.getByRole('button', { name: 'Copiar Código' })).toBeEnabled();
  await expectFitsPhone(page, webchat.getByRole('button', { name: 'Copiar e Fechar' }), 'webchat');
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'Criar Rápido' }).click();
  const quick = page.getByRole('dialog');
  await expect(quick).toBeInViewport({ ratio: 1 });
  for (const tab of await quick.getByRole('tab').all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
  await expectFitsPhone(page, quick.getByRole('tab').last(), 'quick-create');
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'Assistente' }).click();
  await expect(page.getByRole('dialog')).toBeInViewport({ ratio: 1 });
  await expectFitsPhone(page, page.getByRole('dialog').getByRole('button').last(), 'wizard');
});

test('the test chat’s message box is in view at 1366×850', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await page.goto('/dashboard');
  await page.locator('nav [data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  await expect(page.getByRole('log')).toContainText('Padaria Pão Quente');
  await expect(page.getByRole('textbox', { name: 'Mensagem para o agente' })).toBeInViewport({
    ratio: 1,
  });
  await page.screenshot({ path: test.info().outputPath('testing-1366.png') });
});

test('the booking page brings each next step into view on a phone', async ({
  signedInPage: { page, user },
  baseURL,
  browser,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Sol', status: 'active' });
  // 15-minute slots from 06:00 to 20:00: a day of 56 time buttons above the customer's form.
  const { slug } = await setUpBookingViaApi(
    page,
    baseURL!,
    agent.id,
    { name: 'Encomenda de bolo', durationMinutes: 15 },
    { start: '06:00', end: '20:00' },
  );
  const customer = await browser.newContext({ baseURL, viewport: PHONE });
  const phone = await customer.newPage();
  await phone.goto(`/agendar/${slug}`);
  await phone.getByRole('button', { name: /Encomenda de bolo/ }).click();
  await phone.getByTestId('booking-days').getByRole('button').last().click();
  const times = phone.getByTestId('booking-times').getByRole('button');
  await expect(times.first()).toBeInViewport();
  await times.first().click();
  const name = phone.getByLabel('Nome', { exact: true });
  await expect(name).toBeInViewport({ ratio: 1 });
  await expect(name).toBeFocused();
  await customer.close();
});
