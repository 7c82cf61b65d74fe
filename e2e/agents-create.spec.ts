import { listAgentsViaApi, openSection, toast } from './agents-api';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { countApiRequests } from './requests';

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('quick creation: validation, template, tools and external APIs, then the agent exists', async ({
  signedInPage: { page },
}) => {
  // Every tab of the dialog in one test: three times the usual time limit on a shared machine.
  test.slow();
  const requests = countApiRequests(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Criar Rápido' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar novo agente' });
  for (const tab of ['Modelos', 'Básico', 'Ferramentas', 'Base de Conhecimento', 'Integrações']) {
    await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
  }

  // Nothing filled: the shared schema's messages, on the Básico tab.
  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(dialog.getByRole('tab', { name: 'Básico' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByText('Nome do agente é obrigatório')).toBeVisible();
  await expect(dialog.getByText('As instruções do agente são obrigatórias')).toBeVisible();

  // A template asks its business details, fills the form and switches to Básico.
  await dialog.getByRole('tab', { name: 'Modelos' }).click();
  await dialog.getByRole('button', { name: /Pet Shop/ }).click();
  await dialog.getByLabel('Nome do negócio').fill('Pet Feliz');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(toast(page)).toContainText('Modelo aplicado');
  await expect(toast(page)).toContainText('Pet Shop');
  await expect(dialog.getByRole('tab', { name: 'Básico' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByLabel('Nome do Agente')).toHaveValue('Pet Shop');
  await expect(dialog.getByLabel('Instruções do agente')).toHaveValue(
    /assistente virtual do Pet Feliz\./,
  );

  await dialog.getByLabel('Nome do Agente').fill('Pet Feliz');
  await pick(page, dialog, 'Situação', 'Em Teste');
  await pick(page, dialog, 'Idioma principal', 'Espanhol');
  await dialog.getByLabel('Tamanho máximo das respostas (em palavras usadas)').fill('9000');
  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(
    dialog.getByText('O tamanho máximo das respostas deve ser um número inteiro entre 1 e 8192'),
  ).toBeVisible();
  await dialog.getByLabel('Tamanho máximo das respostas (em palavras usadas)').fill('1024');
  // Every refusal so far was the shared schema's, in the browser: nothing was sent.
  expect(requests('POST', '/api/agents')).toBe(0);

  await dialog.getByRole('tab', { name: 'Ferramentas' }).click();
  const selected = dialog.getByTestId('selected-tools');
  await expect(selected).toContainText('Nenhuma ferramenta selecionada');
  await dialog.getByRole('checkbox', { name: /Calculadora/ }).check();
  await dialog.getByRole('checkbox', { name: /Busca na internet/ }).check();
  await expect(selected).toContainText('Calculadora');
  await expect(selected).toContainText('Busca na internet');
  await dialog.getByRole('checkbox', { name: /Busca na internet/ }).uncheck();
  await expect(selected).not.toContainText('Busca na internet');

  await dialog.getByRole('tab', { name: 'Base de Conhecimento' }).click();
  await expect(dialog.getByTestId('upload-area')).toContainText(
    'PDF, DOCX, TXT, MD, XLSX, CSV — até 10 MB cada',
  );
  await expect(dialog.getByTestId('upload-area')).toContainText(
    'enviados logo depois que o agente é criado',
  );

  await dialog.getByRole('tab', { name: 'Integrações' }).click();
  await dialog.getByRole('checkbox', { name: /Google Agenda/ }).check();
  await dialog.getByRole('button', { name: 'Adicionar sistema' }).click();
  await dialog.getByRole('button', { name: 'Adicionar sistema' }).click();
  const entries = dialog.getByTestId('external-api-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByRole('combobox', { name: 'Autenticação' })).toHaveText(
    'Token de acesso (Bearer)',
  );
  await entries.nth(1).getByRole('button', { name: 'Remover sistema 2' }).click();
  await expect(entries).toHaveCount(1);
  await entries.first().getByLabel('Nome').fill('Agenda');
  await entries
    .first()
    .getByLabel('Endereço do sistema')
    .fill('https://agenda.petfeliz.com.br/api');
  await pick(page, entries.first(), 'Autenticação', 'Chave de acesso');

  await dialog.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Agente criado');
  // Created 'Em Teste': the toast says what that means, not that it is a draft.
  await expect(toast(page)).toContainText('Ele ainda não está ativo: só responde nos testes');
  await expect(toast(page)).not.toContainText('rascunho');
  await expect(dialog).toBeHidden();

  const [agent] = await listAgentsViaApi(page.context().request);
  expect(agent).toMatchObject({
    name: 'Pet Feliz',
    status: 'testing',
    language: 'es',
    maxTokens: 1024,
    // the one default of the model catalogue (common/models.ts)
    model: 'gpt-4o-mini',
    temperature: 0.7,
    responseStyle: 'professional',
    tools: ['calculator'],
    googleServices: ['calendar'],
  });
  expect(agent!.knowledgeBase).toContain('- Nome: Pet Feliz');
  expect(JSON.parse(agent!.externalApis!)).toEqual([
    { name: 'Agenda', url: 'https://agenda.petfeliz.com.br/api', authType: 'api_key' },
  ]);

  // The next opening starts empty again, on the Templates tab.
  await page.getByRole('button', { name: 'Criar Rápido' }).click();
  await expect(dialog.getByRole('tab', { name: 'Modelos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await dialog.getByRole('tab', { name: 'Básico' }).click();
  await expect(dialog.getByLabel('Nome do Agente')).toHaveValue('');
  await page.keyboard.press('Escape');
  await openSection(page, 'agents');
  await expect(page.getByRole('article', { name: 'Pet Feliz' })).toContainText('Testando');
});

test('the wizard: what is missing, progress, generated prompt sent as the system prompt', async ({
  signedInPage: { page },
}) => {
  const requests = countApiRequests(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Assistente', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Assistente de criação' });
  const next = wizard.getByRole('button', { name: 'Próximo' });
  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 1 de 5');
  await expect(wizard.getByTestId('wizard-percent')).toHaveText('20% concluído');
  await expect(wizard.getByRole('button', { name: 'Anterior' })).toBeDisabled();

  // Próximo too early: it stays on step 1 and says, under each field, what is missing.
  await next.click();
  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 1 de 5');
  await expect(wizard.getByLabel('Nome do Agente')).toHaveAccessibleDescription(
    'Nome do agente é obrigatório',
  );
  await expect(wizard.getByLabel('Descrição Curta')).toHaveAccessibleDescription(
    'Escreva uma descrição curta do agente',
  );
  await expect(
    wizard.getByRole('combobox', { name: 'Categoria de Uso' }),
  ).toHaveAccessibleDescription('Escolha a categoria de uso');

  // The messages follow the typing: filled fields lose theirs, the category still says it.
  await wizard.getByLabel('Nome do Agente').fill('Luna');
  await wizard.getByLabel('Descrição curta').fill('Atende os tutores do Pet Feliz');
  await expect(wizard.getByText('Nome do agente é obrigatório')).toHaveCount(0);
  await next.click();
  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 1 de 5');
  await expect(wizard.getByText('Escolha a categoria de uso')).toHaveCount(1);
  await pick(page, wizard, 'Categoria de uso', 'Atendimento ao cliente');
  await expect(wizard.getByText('Escolha a categoria de uso')).toHaveCount(0);
  await next.click();

  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 2 de 5');
  await expect(wizard.getByTestId('wizard-percent')).toHaveText('40% concluído');
  await pick(page, wizard, 'Estilo de personalidade', 'Amigável — Próximo e acolhedor');
  await next.click();

  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 3 de 5');
  await wizard.getByLabel('Base de Conhecimento').fill('Banho: R$ 50\nTosa: R$ 70');
  await wizard.getByLabel('Instruções especiais (opcional)').fill('Ofereça o leva e traz.');
  await next.click();

  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 4 de 5');
  await expect(wizard.getByRole('combobox', { name: 'Modelo de IA' })).toHaveText(/gpt-4o-mini/);
  await pick(page, wizard, 'Tamanho das respostas', 'Longas (até 4096 palavras usadas)');
  await pick(page, wizard, 'Situação inicial', 'Ativo');
  await wizard.getByRole('button', { name: 'Anterior' }).click();
  await expect(wizard.getByLabel('Base de Conhecimento')).toHaveValue('Banho: R$ 50\nTosa: R$ 70');
  await next.click();
  await next.click();

  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 5 de 5');
  await expect(wizard.getByTestId('wizard-percent')).toHaveText('100% concluído');
  const preview = wizard.getByTestId('wizard-prompt-preview');
  await expect(preview).toContainText('Você é Luna, um assistente de atendimento ao cliente');
  await expect(preview).toContainText('Sua função: Atende os tutores do Pet Feliz');
  await expect(preview).toContainText('Seja amigável, acolhedor e próximo');
  await expect(preview).toContainText('## Instruções especiais\nOfereça o leva e traz.');
  await expect(preview).toContainText('## Conhecimento específico\nBanho: R$ 50\nTosa: R$ 70');
  const promptText = await preview.textContent();
  expect(requests('POST', '/api/agents')).toBe(0);
  // The last step offers to put the agent to work; 'Ativo' was chosen on step 4.
  await expect(wizard.getByRole('checkbox', { name: 'Ativar o agente ao criar' })).toBeChecked();

  await wizard.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(toast(page)).toContainText('Agente criado com sucesso!');
  await expect(toast(page)).toContainText('Ele já está ativo. Próximo passo:');
  await expect(wizard).toBeHidden();

  const [agent] = await listAgentsViaApi(page.context().request);
  expect(agent).toMatchObject({
    name: 'Luna',
    description: 'Atende os tutores do Pet Feliz',
    model: 'gpt-4o-mini',
    temperature: 0.7,
    maxTokens: 4096,
    status: 'active',
    responseStyle: 'friendly',
    language: 'pt',
    systemPrompt: promptText,
  });

  // Reopening starts over at step 1 with the defaults.
  await page.getByRole('button', { name: 'Assistente', exact: true }).click();
  await expect(wizard.getByTestId('wizard-step')).toHaveText('Passo 1 de 5');
  await expect(wizard.getByLabel('Nome do Agente')).toHaveValue('');
  await wizard.getByRole('button', { name: 'Cancelar' }).click();
  await expect(wizard).toBeHidden();
});
