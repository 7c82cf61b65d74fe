import { unfoldAdvanced } from './agents-api';
import { expect, test } from './fixtures';

// Per section id: sidebar label, then the header title and subtitle; the last three are the
// integrators' tools, under 'Avançado'.
const SECTIONS = [
  ['agents', 'Agentes de IA', 'Agentes de IA', 'Crie e gerencie seus assistentes inteligentes'],
  ['whatsapp', 'WhatsApp', 'WhatsApp', 'Os números dos seus agentes e como conectar um'],
  [
    'conversations',
    'Conversas',
    'Conversas',
    'Todas as conversas com clientes, no WhatsApp e no site',
  ],
  ['appointments', 'Agenda', 'Agenda', 'Os agendamentos dos seus agentes, por dia ou por semana'],
  [
    'contacts',
    'Contatos',
    'Contatos',
    'Cada cliente que falou com seus agentes, em todos os canais',
  ],
  [
    'analytics',
    'Relatórios',
    'Relatórios',
    'O que seus agentes fizeram: atendimentos, tempo de resposta, horários de pico e custo',
  ],
  [
    'unanswered',
    'Perguntas sem resposta',
    'Perguntas sem resposta',
    'O que seus agentes não souberam responder, para você ensinar',
  ],
  [
    'templates',
    'Modelos',
    'Modelos',
    'Agentes prontos para o seu tipo de negócio, para usar e ajustar',
  ],
  [
    'testing',
    'Teste de agentes',
    'Teste de agentes',
    'Converse com seus agentes de IA e veja as respostas na hora',
  ],
  ['settings', 'Configurações', 'Configurações', 'Gerencie sua conta e suas preferências'],
  ['dashboard', 'Painel', 'Visão geral do painel', 'Gerencie seus agentes de IA e suas conexões'],
  [
    'whatsapp-instances',
    'Instâncias do WhatsApp',
    'Gerenciar WhatsApp',
    'Gerencie suas conexões com o WhatsApp',
  ],
  [
    'whatsapp-test',
    'Testes WhatsApp',
    'Testes do WhatsApp',
    'Teste o funcionamento do WhatsApp e das conexões',
  ],
  [
    'evolution',
    'API Evolution',
    'API Evolution',
    'Configure o recebimento de mensagens e as conexões com a API Evolution',
  ],
] as const;

test('dashboard sections switch the header title and subtitle', async ({
  signedInPage: { page },
}) => {
  // Fourteen sections, each loaded the first time it opens: past 30 s on a busy machine.
  test.slow();
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Visão geral do painel');
  await expect(page.getByText('AI Agent Builder').first()).toBeVisible();
  await expect(page.locator('nav [data-section]')).toHaveCount(11);
  await unfoldAdvanced(page, page.locator('aside'));
  await expect(page.locator('nav [data-section]')).toHaveCount(14);

  for (const [id, label, title, subtitle] of SECTIONS) {
    const item = page.locator(`[data-section="${id}"]`);
    await expect(item).toHaveText(label);
    await item.click();
    await expect(item).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(header.getByText(subtitle)).toBeVisible();
    // each its own path (e2e/dashboard-paths.spec.ts walks them)
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard(\/|$)/);
  }
});

test('the bell has no unread dot and says there are no notifications', async ({
  signedInPage: { page },
}) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await page.getByRole('button', { name: 'Notificações' }).click();
  await expect(page.getByText('Você não tem notificações no momento.')).toBeVisible();
});

test('on a phone the sidebar collapses into a menu button', async ({ signedInPage: { page } }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await expect(page.locator('[data-section="settings"]')).toBeHidden();

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog').locator('[data-section="settings"]').click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Configurações',
  );
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});
