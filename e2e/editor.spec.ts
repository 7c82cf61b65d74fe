import { createAgentViaApi, listAgentsViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';
import { countApiRequests } from './requests';

test('edit and save in the editor, then see the change in the list', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Atendente',
    description: 'Primeira versão',
    model: 'gpt-4o-mini',
  });
  await page.goto(`/agents/${agent.id}/edit`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Atendente');
  await expect(header).toContainText('Editando agente');
  await expect(page.getByTestId('editor-status-badge')).toHaveText('Rascunho');
  await expect(page.getByRole('tab', { name: 'Configurações básicas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByLabel('Descrição')).toHaveAttribute('rows', '3');
  await expect(page.getByLabel('Instruções do agente')).toHaveAttribute('rows', '8');
  // One catalogue for every picker: each model with what it is good for.
  await expect(page.getByRole('combobox', { name: 'Modelo de IA' })).toHaveText(
    'gpt-4o-mini (recomendado)',
  );
  await expect(page.getByTestId('model-description')).toHaveText(
    'Rápido e econômico: ótimo para o atendimento do dia a dia',
  );
  await expect(page.getByTestId('editor-temperature')).toHaveText('0.7');
  await expect(page.getByText('Conservador')).toBeVisible();
  await expect(page.getByText('Criativo')).toBeVisible();

  await page.getByLabel('Nome do Agente').fill('Atendente Pro');
  await page.getByLabel('Descrição').fill('Segunda versão');
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await expect(page.getByRole('option')).toHaveText(['Rascunho', 'Ativo', 'Em Teste']);
  await page.getByRole('option', { name: 'Ativo' }).click();
  await page.getByRole('combobox', { name: 'Modelo de IA' }).click();
  const capable = page.getByRole('option', { name: 'gpt-4.1', exact: true });
  await expect(capable).toHaveAccessibleDescription(/^O mais caprichado/);
  await capable.click();
  await page.getByRole('slider', { name: 'Criatividade' }).press('ArrowLeft');
  await expect(page.getByTestId('editor-temperature')).toHaveText('0.6');
  await page.getByRole('tab', { name: 'Base de Conhecimento' }).click();
  await page.getByRole('textbox', { name: 'Base de Conhecimento' }).fill('Abrimos às 9h.');
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  await expect(page.getByTestId('editor-whatsapp-card')).toContainText('Integração com WhatsApp');

  await expect(page.getByTestId('unsaved')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page)).toContainText('Agente atualizado');
  await expect(toast(page)).toContainText('Configurações salvas com sucesso.');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Atendente Pro');
  await expect(page.getByTestId('editor-status-badge')).toHaveText('Ativo');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);

  const [saved] = await listAgentsViaApi(page.context().request);
  expect(saved).toMatchObject({
    name: 'Atendente Pro',
    description: 'Segunda versão',
    status: 'active',
    model: 'gpt-4.1',
    temperature: 0.6,
    knowledgeBase: 'Abrimos às 9h.',
  });

  // Saved: leaving does not ask.
  await header.getByRole('button', { name: 'Painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openSection(page, 'agents');
  const card = page.getByRole('article', { name: 'Atendente Pro' });
  await expect(card).toContainText('Segunda versão');
  await expect(card).toContainText('Ativo');
  await expect(card.getByTestId('agent-model')).toHaveText('gpt-4.1');
});

test('the editor says what is wrong on the field before saving, and keeps an older model', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Antigo', model: 'gpt-3.5-turbo' });
  const requests = countApiRequests(page);
  await page.goto(`/agents/${agent.id}/edit`);
  // A model outside the catalogue, chosen long ago, stays as it is.
  await expect(page.getByRole('combobox', { name: 'Modelo de IA' })).toHaveText('gpt-3.5-turbo');

  await page.getByLabel('Nome do Agente').fill('  ');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByLabel('Nome do Agente')).toHaveAccessibleDescription(
    'Nome do agente é obrigatório',
  );
  await expect(page.getByText('Nome do agente é obrigatório')).toHaveCount(1);
  await expect(toast(page)).toHaveCount(0);
  expect(requests('PUT', `/api/agents/${agent.id}`)).toBe(0);
});

test('unsaved changes ask before leaving; the sidebar opens that dashboard section', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Rascunho Aberto' });
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByLabel('Nome do Agente').fill('Mudado');

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('banner').getByRole('button', { name: 'Painel' }).click();
  expect(asked).toEqual(['Você tem alterações não salvas. Deseja sair sem salvar?']);
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}/edit$`));

  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('nav [data-section="templates"]').click();
  await expect(page).toHaveURL(/\/dashboard\/modelos$/);
  await expect(page.getByRole('heading', { name: 'Modelos de agentes' })).toBeVisible();
  const [unchanged] = await listAgentsViaApi(page.context().request);
  expect(unchanged!.name).toBe('Rascunho Aberto');
});

test('a failed save no field explains shows the Erro toast with the status code', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Com Nome' });
  await page.route(`**/api/agents/${agent.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, json: { message: 'Serviço indisponível', code: 'INTERNAL' } })
      : route.fallback(),
  );
  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByLabel('Nome do Agente').fill('Outro Nome');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page)).toContainText('Erro 503');
  await expect(toast(page)).toContainText('Serviço indisponível');
  const [unchanged] = await listAgentsViaApi(page.context().request);
  expect(unchanged!.name).toBe('Com Nome');
});

test('an unknown agent shows Agente não encontrado with its id and the way back', async ({
  signedInPage: { page },
}) => {
  await page.goto('/agents/987654/edit');
  await expect(page.getByRole('heading', { name: 'Agente não encontrado' })).toBeVisible();
  await expect(page.getByText('987654')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signed out, the editor sends the visitor to /auth', async ({ page }) => {
  await page.goto('/agents/1/edit');
  await expect(page).toHaveURL(/\/auth$/);
});
