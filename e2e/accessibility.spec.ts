import { createAgentViaApi, openSection } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import {
  expectNoSeriousViolations,
  expectFitsPhone,
  openSectionOnPhone,
  PHONE,
} from './screen-helpers';
import { chooseAgent, createInstanceViaApi } from './whatsapp-api';

// axe-core on the product's screens in pt-BR: no serious or critical violation.
// An axe pass takes seconds on a loaded machine: these tests get the slow budget.
test.beforeEach(() => test.slow());

test('public pages: landing, plans and sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'landing');

  await page.goto('/plans');
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'plans');

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrar' }).click();
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  await expectNoSeriousViolations(page, 'auth: sign-up');
  await page.getByRole('tab', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'auth: sign-in');
});

test('dashboard: home, agents, testing, WhatsApp with its conversations, and settings', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await createInstanceViaApi(page, baseURL!, agent.id);
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-totalAgents')).toHaveText('1');
  await expectNoSeriousViolations(page, 'dashboard home');

  await page.locator('nav [data-section="agents"]').click();
  await expect(page.getByRole('heading', { name: 'Padaria Pão Quente' })).toBeVisible();
  await expectNoSeriousViolations(page, 'agents');

  await page.locator('nav [data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  await expect(page.getByRole('log')).toContainText('Padaria Pão Quente');
  await expectNoSeriousViolations(page, 'testing');

  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Pão Quente');
  await expect(page.getByTestId('conversations-card')).toContainText('Nenhuma conversa ainda');
  await expectNoSeriousViolations(page, 'WhatsApp and conversations');

  await page.locator('nav [data-section="settings"]').click();
  await expect(page.locator('main form').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'settings');
});

test('the agent editor, every tab', async ({ signedInPage: { page }, baseURL }) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente' });
  await page.goto(`/agents/${agent.id}/edit`);
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'editor: basic');
  await page.getByRole('tab', { name: 'Base de Conhecimento' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectNoSeriousViolations(page, 'editor: knowledge');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(page.getByTestId('editor-whatsapp-card')).toBeVisible();
  await expect(page.getByTestId('follow-ups-card')).toBeVisible();
  await expectNoSeriousViolations(page, 'editor: WhatsApp');
});

test('appointments: the editor tab, the booking page and the agenda', async ({
  signedInPage: { page, user },
  baseURL,
  browser,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Barbearia do Zé',
    status: 'active',
  });
  const request = page.context().request;
  const headers = { Origin: baseURL! };
  await request.post(`/api/agents/${agent.id}/services`, {
    data: { name: 'Corte', durationMinutes: 30, priceBrl: 45 },
    headers,
  });
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    start: '00:00',
    end: '24:00',
    capacity: 2,
  }));
  const saved = await request.put(`/api/agents/${agent.id}/availability`, {
    data: { timezone: 'America/Sao_Paulo', weekly },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/agents/${agent.id}/edit?tab=appointments`);
  await expect(page.getByTestId('services-list')).toContainText('Corte');
  await expect(page.getByTestId('availability-week')).toBeVisible();
  await expectNoSeriousViolations(page, 'editor: appointments');

  const { slug } = (await (await request.get(`/api/agents/${agent.id}/booking`)).json()) as {
    slug: string;
  };
  const customer = await (await browser.newContext({ baseURL })).newPage();
  await customer.goto(`/agendar/${slug}`);
  await customer.getByRole('button', { name: /Corte/ }).click();
  await customer.getByTestId('booking-days').getByRole('button').first().click();
  await customer.getByTestId('booking-times').getByRole('button').last().click();
  await expect(customer.getByRole('button', { name: 'Confirmar agendamento' })).toBeVisible();
  await expectNoSeriousViolations(customer, 'booking page');
  await customer.getByLabel('Nome', { exact: true }).fill('Ana Souza');
  await customer.getByLabel('Telefone (WhatsApp)').fill('11912345678');
  await customer.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(customer.getByTestId('booking-success')).toBeVisible();
  await customer.context().close();

  await page.goto('/dashboard');
  await openSection(page, 'appointments');
  await page
    .getByRole('group', { name: 'Visualização' })
    .getByRole('button', { name: 'Dia' })
    .click();
  await expect(page.getByTestId('calendar-feed-url')).not.toHaveValue('');
  await expectNoSeriousViolations(page, 'agenda');
});

test('on a phone: the dashboard header and its menu', async ({ signedInPage: { page } }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expectFitsPhone(page, page.getByRole('button', { name: 'Criar Rápido' }), 'axe-home');
  await expectNoSeriousViolations(page, 'dashboard home on a phone');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog').locator('[data-section="settings"]')).toBeVisible();
  await expectNoSeriousViolations(page, 'the phone menu');
  await page.keyboard.press('Escape');
  await openSectionOnPhone(page, 'agents');
});

test('conversations: a customer’s conversation in the list and its transcript', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  // WhatsApp answers only customers of owners with an active or trialing subscription.
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'A Padaria Pão Quente abre todos os dias das 6h às 20h.',
  });
  const { instanceName } = await createInstanceViaApi(page, baseURL!, agent.id);
  // The simulator's own controls, as its page uses them: scan the QR, then a customer writes.
  const simulator = `/simulator/evolution/_sim/${instanceName}`;
  const headers = { Origin: baseURL! };
  const scan = await page.context().request.post(`${simulator}/scan`, { data: {}, headers });
  expect(scan.status(), await scan.text()).toBe(200);
  const inbound = await page.context().request.post(`${simulator}/messages`, {
    data: { from: '5511987654321', pushName: 'Joana Cliente', text: 'Que horas vocês abrem?' },
    headers,
  });
  expect(inbound.status(), await inbound.text()).toBe(201);

  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Pão Quente');
  const row = page.getByTestId('conversation-row');
  await expect(row).toContainText('Joana Cliente', { timeout: 20_000 });
  await expectNoSeriousViolations(page, 'conversations list');
  await row.getByRole('button', { name: 'Ver conversa' }).click();
  const transcript = page.getByTestId('transcript-dialog');
  await expect(transcript.locator('[data-role="user"]')).toContainText('Que horas vocês abrem?');
  await expectNoSeriousViolations(page, 'transcript');

  // The same conversation on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await openSectionOnPhone(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Pão Quente');
  await expect(row).toContainText('Joana Cliente');
  await expect(page.getByTestId('whatsapp-stats').locator('[data-figure="in"] dd')).toHaveText('1');
  const open = row.getByRole('button', { name: 'Ver conversa' });
  await open.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, open, 'conversations');
  await open.click();
  await expect(transcript).toBeInViewport({ ratio: 1 });
  await expectFitsPhone(
    page,
    transcript.getByRole('button', { name: 'Pausar robô' }),
    'transcript',
  );
});
