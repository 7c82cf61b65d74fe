import { createAgentViaApi, openSection, toast } from './agents-api';
import { expect, test, type Page } from './fixtures';

async function openDialog(page: Page, agentName: string) {
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await page.getByRole('button', { name: `Ações do agente ${agentName}` }).click();
  await page.getByRole('menuitem', { name: 'Código do chat do site' }).click();
  return page.getByRole('dialog', { name: 'Código do chat do site' });
}

test('the dialog: steps, notes, buttons disabled until the code arrives, copy with feedback and toast', async ({
  signedInPage: { page },
  baseURL,
  context,
}) => {
  // Holds the code request and waits out the 2-second copied state: slow on a loaded machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await createAgentViaApi(page, baseURL!, { name: 'Site da Loja', status: 'active' });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/webchat-code', async (route) => {
    await held;
    await route.continue();
  });

  const dialog = await openDialog(page, 'Site da Loja');
  await expect(dialog.getByRole('button', { name: 'Copiar código' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Copiar e Fechar' })).toBeDisabled();
  for (const step of ['Copie o código', 'Cole no seu site', 'Pronto!']) {
    await expect(dialog.getByRole('list', { name: 'Como instalar' })).toContainText(step);
  }
  await expect(dialog).toContainText('Recursos incluídos');
  const notes = dialog.getByTestId('webchat-notes');
  await expect(notes).toContainText('O agente precisa estar com a situação Ativo');
  await expect(notes).toContainText('O chat se adapta a qualquer tamanho de tela');
  await expect(notes).toContainText('As cores podem ser editadas');
  await expect(notes).toContainText('agentes desta plataforma');
  release();

  const codeBox = dialog.getByRole('textbox', { name: 'Código de incorporação' });
  await expect(codeBox).toHaveAttribute('readonly', '');
  await expect(codeBox).toHaveValue(
    /^<script src="[^"]+\/widget\.js\?v=[0-9a-f]{16}" data-agent-key="[A-Za-z0-9_-]{32}"/,
  );
  const code = await codeBox.inputValue();
  expect(code).not.toContain('data-agent-id');
  // Without a subscription the widget does not answer visitors, and the owner is told so.
  await expect(dialog.getByTestId('webchat-instructions')).toContainText(
    'O agente está Ativo, mas o chat só responde aos visitantes com uma assinatura ativa ou em teste',
  );

  await dialog.getByRole('button', { name: 'Copiar código' }).click();
  await expect(dialog.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  await expect(toast(page)).toContainText('Código copiado!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // The copied state lasts 2 seconds.
  await expect(dialog.getByRole('button', { name: 'Copiar código' })).toBeVisible({
    timeout: 5000,
  });

  const docs = dialog.getByRole('link', { name: 'Ver documentação' });
  await expect(docs).toHaveAttribute('href', '/docs/webchat');
  await expect(docs).toHaveAttribute('target', '_blank');

  await dialog.getByRole('button', { name: 'Copiar e Fechar' }).click();
  await expect(dialog).toBeHidden();
  // Opened from a menu item, the dialog gives the page back once closed.
  await page.getByRole('button', { name: 'Criar Agente' }).click();
  await expect(page.getByRole('dialog', { name: 'Criar novo agente' })).toBeVisible();
});

test('a copy that fails says so and changes nothing', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Site da Loja' });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('negado')) },
    });
  });
  const dialog = await openDialog(page, 'Site da Loja');
  await expect(dialog.getByRole('textbox', { name: 'Código de incorporação' })).toHaveValue(
    /<script/,
  );
  await expect(dialog.getByTestId('webchat-instructions')).toContainText(
    'Atenção: o agente não está Ativo.',
  );
  await dialog.getByRole('button', { name: 'Copiar e Fechar' }).click();
  await expect(toast(page)).toContainText('Erro ao copiar');
  await expect(toast(page)).toContainText('Não foi possível copiar o código. Tente novamente.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copiar código' })).toBeVisible();
});

test('customising colours, title, position and domains previews live and regenerates the code', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Padaria Pão Quente', status: 'active' });
  const dialog = await openDialog(page, 'Padaria Pão Quente');
  const codeBox = dialog.getByRole('textbox', { name: 'Código de incorporação' });
  await expect(codeBox).toHaveValue(/"primaryColor":"#022b44"/);
  const preview = dialog.getByTestId('webchat-preview');
  await expect(preview.getByRole('dialog', { name: 'Padaria Pão Quente' })).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Cor principal' }).fill('#aa0000');
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill('Fale com a Padaria');
  await dialog.getByRole('combobox', { name: 'Posição' }).click();
  await page.getByRole('option', { name: 'Canto inferior esquerdo' }).click();
  // The real widget in the preview follows the draft before anything is saved.
  const previewed = preview.getByRole('dialog', { name: 'Fale com a Padaria' });
  await expect(previewed).toBeVisible();
  await expect(previewed.locator('header')).toHaveCSS('background-color', 'rgb(170, 0, 0)');
  await expect(codeBox).toHaveValue(/"primaryColor":"#022b44"/);

  await dialog.getByRole('textbox', { name: 'Domínios permitidos' }).fill('não é domínio');
  await dialog.getByRole('button', { name: 'Salvar e gerar código' }).click();
  await expect(dialog).toContainText('Domínio inválido: informe algo como www.minhaloja.com.br');
  await expect(codeBox).toHaveValue(/"primaryColor":"#022b44"/);

  await dialog
    .getByRole('textbox', { name: 'Domínios permitidos' })
    .fill('https://www.minhaloja.com.br/\nminhaloja.com.br');
  await dialog.getByRole('button', { name: 'Salvar e gerar código' }).click();
  await expect(toast(page)).toContainText('Personalização salva');
  await expect(codeBox).toHaveValue(/"primaryColor":"#aa0000"/);
  await expect(codeBox).toHaveValue(/"position":"bottom-left"/);
  await expect(codeBox).toHaveValue(/"title":"Fale com a Padaria"/);
  await expect(dialog.getByTestId('webchat-instructions')).toContainText(
    'www.minhaloja.com.br, minhaloja.com.br',
  );
  await expect(dialog.getByRole('textbox', { name: 'Domínios permitidos' })).toHaveValue(
    'www.minhaloja.com.br\nminhaloja.com.br',
  );
});

test('/docs/webchat explains installation, options with defaults and troubleshooting', async ({
  page,
}) => {
  await page.goto('/docs/webchat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chat do site: documentação');
  for (const heading of [
    'Instalação',
    'Opções',
    'Cores e aparência',
    'Domínios permitidos',
    'Chave do agente',
    'Solução de problemas',
  ]) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  const options = page.getByTestId('webchat-options');
  await expect(options).toContainText('data-agent-key');
  await expect(page.locator('pre')).toContainText('data-agent-key="');
  await expect(page.locator('pre')).not.toContainText('data-agent-id');
  await expect(options).toContainText('#022b44');
  await expect(options).toContainText('#b8ec00');
  await expect(options).toContainText('bottom-right');
  const troubles = page.getByRole('term');
  await expect(troubles.filter({ hasText: 'Este assistente não está disponível' })).toBeVisible();
  await expect(troubles.filter({ hasText: 'Este site não tem permissão' })).toBeVisible();
});
