import { createAgentViaApi, unfoldAdvanced } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './screen-helpers';
import { getWebchatCode } from './webchat-host';

// Each section's path and the header title it opens on (ADR 0034).
const OWNER_SECTIONS = [
  ['dashboard', '/dashboard', 'Visão geral do painel'],
  ['agents', '/dashboard/agentes', 'Agentes de IA'],
  ['whatsapp', '/dashboard/whatsapp', 'WhatsApp'],
  ['conversations', '/dashboard/conversas', 'Conversas'],
  ['unanswered', '/dashboard/perguntas-sem-resposta', 'Perguntas sem resposta'],
  ['contacts', '/dashboard/contatos', 'Contatos'],
  ['appointments', '/dashboard/agenda', 'Agenda'],
  ['analytics', '/dashboard/relatorios', 'Relatórios'],
  ['templates', '/dashboard/modelos', 'Modelos'],
  ['testing', '/dashboard/teste', 'Teste de agentes'],
  ['settings', '/dashboard/configuracoes', 'Configurações'],
] as const;
const ADVANCED_SECTIONS = [
  ['whatsapp-instances', '/dashboard/avancado/instancias-whatsapp', 'Gerenciar WhatsApp'],
  ['whatsapp-test', '/dashboard/avancado/testes-whatsapp', 'Testes do WhatsApp'],
  ['evolution', '/dashboard/avancado/api-evolution', 'API Evolution'],
] as const;

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

test('each sidebar item is a link to its section path; a reload stays on the section', async ({
  signedInPage: { page },
}) => {
  // Fourteen sections, each loaded the first time it opens.
  test.slow();
  await page.goto('/dashboard');
  const nav = page.locator('aside nav');
  const heading = page.getByRole('banner').getByRole('heading', { level: 1 });
  await unfoldAdvanced(page, page.locator('aside'));
  for (const [id, path, title] of [...OWNER_SECTIONS, ...ADVANCED_SECTIONS]) {
    const link = nav.locator(`a[data-section="${id}"]`);
    await expect(link).toHaveAttribute('href', path);
    await link.click();
    await expect(heading).toHaveText(title);
    expect(pathOf(page.url())).toBe(path);
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }

  await page.goto('/dashboard/conversas');
  await page.reload();
  await expect(heading).toHaveText('Conversas');
  await expect(nav.locator('[data-section="conversations"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page).toHaveTitle(/Conversas/);
});

test('Back and Forward walk the sections opened', async ({ signedInPage: { page } }) => {
  await page.goto('/dashboard');
  const heading = page.getByRole('banner').getByRole('heading', { level: 1 });
  const nav = page.locator('aside nav');
  await nav.locator('[data-section="agents"]').click();
  await expect(heading).toHaveText('Agentes de IA');
  await nav.locator('[data-section="contacts"]').click();
  await expect(heading).toHaveText('Contatos');

  await page.goBack();
  await expect(heading).toHaveText('Agentes de IA');
  await expect(page).toHaveURL(/\/dashboard\/agentes$/);
  await expect(nav.locator('[data-section="agents"]')).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(heading).toHaveText('Visão geral do painel');
  await page.goForward();
  await page.goForward();
  await expect(heading).toHaveText('Contatos');
  await expect(page).toHaveURL(/\/dashboard\/contatos$/);
});

test('a section link opens in a new tab, signed in, on that section', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  const opened = page.context().waitForEvent('page');
  await page.locator('aside nav [data-section="appointments"]').click({
    modifiers: ['ControlOrMeta'],
  });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/dashboard/agenda');
  await expect(tab.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Agenda');
  // The first tab did not move.
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Visão geral do painel',
  );
});

test('an unknown path under /dashboard is not found, signed in too', async ({
  signedInPage: { page },
}) => {
  for (const path of ['/dashboard/xyz', '/dashboard/avancado', '/dashboard/agentes/1']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeVisible();
  }
});

test('the integrators tools are folded under Avançado, out of the owner sections', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  const nav = page.locator('aside nav');
  const toggle = nav.getByRole('button', { name: 'Avançado' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  for (const [id] of ADVANCED_SECTIONS)
    await expect(nav.locator(`[data-section="${id}"]`)).toHaveCount(0);
  await expect(nav.getByRole('link')).toHaveCount(OWNER_SECTIONS.length);
  for (const text of ['API Evolution', 'Testes WhatsApp', 'Instância']) {
    await expect(nav).not.toContainText(text);
  }

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const group = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(group.getByRole('link')).toHaveText([
    'Instâncias do WhatsApp',
    'Testes WhatsApp',
    'API Evolution',
  ]);
  await expectNoSeriousViolations(page, 'the sidebar with Avançado unfolded');

  // Opened by its path, a tool shows its group unfolded, with it current.
  await page.goto('/dashboard/avancado/api-evolution');
  await expect(nav.getByRole('button', { name: 'Avançado' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(nav.locator('[data-section="evolution"]')).toHaveAttribute('aria-current', 'page');
});

test('Atalhos offers the first hour: the wizard, Conectar WhatsApp, Testar agente, Ver conversas', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  const links = page.getByTestId('quick-links');
  await expect(links.getByRole('heading', { name: 'Atalhos' })).toBeVisible();
  await expect(links).not.toContainText('Evolution');
  await expect(links.getByRole('link')).toHaveCount(3);
  for (const [name, path] of [
    ['Conectar WhatsApp', '/dashboard/whatsapp'],
    ['Testar agente', '/dashboard/teste'],
    ['Ver conversas', '/dashboard/conversas'],
  ] as const) {
    await expect(links.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', path);
  }
  await links.getByRole('link', { name: /Conectar WhatsApp/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/whatsapp$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('WhatsApp');
  await page.goBack();
  await links.getByRole('button', { name: /Assistente de criação/ }).click();
  await expect(page.getByRole('dialog', { name: 'Assistente de criação' })).toBeVisible();
});

test('the agent under test and the open conversation are in the address and survive a reload', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Outro agente' });
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Salão Bela Vista',
    description: 'Cortes e escova',
    status: 'active',
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Testar Salão Bela Vista' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/teste\\?agente=${agent.id}$`));
  await page.reload();
  await expect(page.getByTestId('agent-details')).toContainText('Cortes e escova');

  await subscribeViaSandbox(page, baseURL!, user, 'multi');
  const { embedConfig } = await getWebchatCode(page.context().request, agent.id);
  const chat = await page
    .context()
    .request.post(`/api/public/agents/${embedConfig.agentKey}/chat`, {
      data: { visitorId: 'visitor-paths-0123456789abcdef', message: 'Quanto custa a escova?' },
      headers: { Origin: baseURL! },
    });
  expect(chat.status(), await chat.text()).toBe(200);
  await page.goto('/dashboard/conversas');
  await page.getByTestId('inbox-row').filter({ hasText: 'Visitante do site' }).click();
  await expect(page).toHaveURL(/\/dashboard\/conversas\?conversa=\d+$/);
  const view = page.getByTestId('inbox-conversation');
  await expect(view).toContainText('Quanto custa a escova?');
  await page.reload();
  await expect(view).toContainText('Quanto custa a escova?');
  // Back closes it: the list alone.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/conversas$/);
  await expect(view).toHaveCount(0);
});
