import { createAgentViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';

test('dashboard stats and Seus Agentes reflect the agents created', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-totalAgents')).toHaveText('0');
  await expect(page.getByTestId('stat-activeAgents')).toHaveText('0');
  await expect(page.getByTestId('stat-integrations')).toHaveText('0');
  await expect(page.getByTestId('stat-conversations')).toHaveText('0');
  for (const label of [
    'Total de agentes',
    'Agentes ativos',
    'Conexões com sistemas',
    'Conversas',
  ]) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('recent-agents')).toContainText('Você ainda não tem agentes');

  await createAgentViaApi(page, baseURL!, { name: 'Um', status: 'active' });
  await createAgentViaApi(page, baseURL!, { name: 'Dois', status: 'testing' });
  await createAgentViaApi(page, baseURL!, { name: 'Três' });
  await createAgentViaApi(page, baseURL!, { name: 'Quatro', status: 'active' });
  await page.reload();
  await expect(page.getByTestId('stat-totalAgents')).toHaveText('4');
  await expect(page.getByTestId('stat-activeAgents')).toHaveText('2');
  const recent = page.getByTestId('recent-agent');
  await expect(recent).toHaveCount(3);
  await expect(recent.nth(0)).toContainText('Quatro');
  await expect(recent.nth(0)).toContainText('Ativo');
  await expect(recent.nth(1)).toContainText('Rascunho');
  await expect(recent.nth(2)).toContainText('Testando');

  // Creating from the dialog refreshes the stats without a reload.
  await page.getByRole('button', { name: 'Criar Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo agente' });
  await dialog.getByRole('tab', { name: 'Básico' }).click();
  await dialog.getByLabel('Nome do Agente').fill('Cinco');
  await dialog.getByLabel('Instruções do agente').fill('Você atende a loja Cinco.');
  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Agente criado');
  await expect(page.getByTestId('stat-totalAgents')).toHaveText('5');
  await expect(recent.nth(0)).toContainText('Cinco');

  await page.getByRole('link', { name: 'Editar Cinco' }).click();
  await expect(page).toHaveURL(/\/agents\/\d+\/edit$/);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Cinco');
});

test('Atalhos open what they name; test on a recent agent preselects it', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Escolhido', description: 'Vai ser testado' });
  await page.goto('/dashboard');
  const links = page.getByRole('heading', { name: 'Atalhos' }).locator('xpath=../..');
  const heading = page.getByRole('banner').getByRole('heading', { level: 1 });

  await links.getByRole('button', { name: /Assistente de criação/ }).click();
  await expect(page.getByRole('dialog', { name: 'Assistente de criação' })).toBeVisible();
  await page.keyboard.press('Escape');
  await links.getByRole('link', { name: /Conectar WhatsApp/ }).click();
  await expect(heading).toHaveText('WhatsApp');
  await openSection(page, 'dashboard');
  await links.getByRole('link', { name: /Testar agente/ }).click();
  await expect(heading).toHaveText('Teste de agentes');
  // one agent: it is the one under test
  await expect(page.getByTestId('agent-details')).toContainText('Vai ser testado');
  await openSection(page, 'dashboard');
  await links.getByRole('link', { name: /Ver conversas/ }).click();
  await expect(heading).toHaveText('Conversas');

  await openSection(page, 'dashboard');
  await page.getByRole('button', { name: 'Testar Escolhido' }).click();
  await expect(heading).toHaveText('Teste de agentes');
  await expect(page.getByTestId('agent-details')).toContainText('Vai ser testado');
});
