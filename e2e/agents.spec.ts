import { createAgentViaApi, listAgentsViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';

test('the agents list: empty state, then cards with badge, description fallback and model', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await expect(page.getByRole('heading', { name: 'Agentes de IA', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nenhum agente ainda' })).toBeVisible();
  await page.getByRole('button', { name: 'Criar seu primeiro agente' }).click();
  await expect(page.getByRole('dialog', { name: 'Criar novo agente' })).toBeVisible();
  await page.keyboard.press('Escape');

  await createAgentViaApi(page, baseURL!, { name: 'Sem Descrição', status: 'testing' });
  await createAgentViaApi(page, baseURL!, {
    name: 'Padaria',
    description: 'Atende a padaria',
    model: 'gpt-3.5-turbo',
    status: 'active',
  });
  await page.reload();
  await openSection(page, 'agents');
  const cards = page.getByTestId('agent-card');
  await expect(cards).toHaveCount(2);
  const bakery = page.getByRole('article', { name: 'Padaria' });
  await expect(bakery).toContainText('Atende a padaria');
  await expect(bakery.getByTestId('agent-model')).toHaveText('gpt-3.5-turbo');
  await expect(bakery.getByText('Ativo')).toHaveAttribute('data-status', 'active');
  const bare = page.getByRole('article', { name: 'Sem Descrição' });
  await expect(bare).toContainText('Sem descrição');
  await expect(bare.getByText('Testando')).toBeVisible();
  await expect(bare.getByRole('link', { name: 'Editar' })).toHaveAttribute(
    'href',
    /\/agents\/\d+\/edit$/,
  );
});

test('duplicate sends a draft copy named (Cópia)', async ({ signedInPage: { page }, baseURL }) => {
  const original = await createAgentViaApi(page, baseURL!, {
    name: 'Pet Feliz',
    description: 'Banho e tosa',
    status: 'active',
    tools: ['calculator'],
    knowledgeBase: 'Banho: R$ 50',
  });
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await page.getByRole('button', { name: 'Ações do agente Pet Feliz' }).click();
  await page.getByRole('menuitem', { name: 'Duplicar' }).click();

  await expect(toast(page)).toContainText('Agente duplicado');
  await expect(toast(page)).toContainText('O agente foi duplicado com sucesso.');
  const copyCard = page.getByRole('article', { name: 'Pet Feliz (Cópia)' });
  await expect(copyCard.getByText('Rascunho')).toBeVisible();

  const agents = await listAgentsViaApi(page.context().request);
  const copy = agents.find((agent) => agent.name === 'Pet Feliz (Cópia)');
  expect(copy).toMatchObject({
    status: 'draft',
    description: original.description,
    systemPrompt: original.systemPrompt,
    knowledgeBase: 'Banho: R$ 50',
    tools: ['calculator'],
  });
  expect(copy!.id).not.toBe(original.id);
});

test('delete asks for confirmation; cancelling keeps the agent, accepting deletes it', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Descartável' });
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  const card = page.getByRole('article', { name: 'Descartável' });
  await expect(card).toBeVisible();

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Ações do agente Descartável' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  expect(messages).toEqual([
    'Tem certeza de que deseja excluir este agente? Esta ação não pode ser desfeita.',
  ]);
  await expect(card).toBeVisible();
  expect(await listAgentsViaApi(page.context().request)).toHaveLength(1);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Ações do agente Descartável' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await expect(toast(page)).toContainText('Agente excluído');
  await expect(toast(page)).toContainText('O agente foi excluído com sucesso.');
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Nenhum agente ainda' })).toBeVisible();
  expect(await listAgentsViaApi(page.context().request)).toHaveLength(0);
});

test('Testar opens the testing section with that agent preselected', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Primeiro' });
  await createAgentViaApi(page, baseURL!, { name: 'Segundo', description: 'O escolhido' });
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await page
    .getByRole('article', { name: 'Segundo' })
    .getByRole('button', { name: 'Testar' })
    .click();

  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Teste de agentes',
  );
  await expect(page.locator('nav [data-section="testing"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('agent-details')).toContainText('O escolhido');
});
