import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { getWebchatCode, serveHostPage, type HostPage } from './webchat-host';

let hosts: HostPage[] = [];
test.afterEach(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  hosts = [];
});

const KEY = /^[A-Za-z0-9_-]{32}$/;

/** Puts `snippet` on a site of its own, opens the chat there and sends one message. */
async function askOnHost(page: Page, snippet: string) {
  const host = await serveHostPage(snippet);
  hosts.push(host);
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).fill('Vocês fazem entregas?');
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).press('Enter');
  return chat;
}

test('rotating the key in the dialog warns first, shows the new snippet, and the old one stops working', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    knowledgeBase: 'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
    status: 'active',
  });
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await page.getByRole('button', { name: 'Ações do agente Padaria Pão Quente' }).click();
  await page.getByRole('menuitem', { name: 'Código do chat do site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código do chat do site' });
  const codeBox = dialog.getByRole('textbox', { name: 'Código de incorporação' });
  const shownKey = dialog.getByTestId('webchat-agent-key');
  await expect(shownKey).toHaveText(KEY);
  const oldKey = (await shownKey.textContent())!;
  await expect(codeBox).toHaveValue(new RegExp(`data-agent-key="${oldKey}"`));
  const oldCode = await codeBox.inputValue();

  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Gerar nova chave' }).click();
  const confirm = page.getByRole('dialog', { name: 'Gerar uma nova chave?' });
  await expect(confirm).toContainText(
    'O código atual vai parar de funcionar em todos os sites onde estiver instalado',
  );
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(codeBox).toHaveValue(oldCode);

  await dialog.getByRole('button', { name: 'Gerar nova chave' }).click();
  await expect(confirm).toContainText('substitua o antigo em cada site');
  await confirm.getByRole('button', { name: 'Gerar nova chave' }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(page)).toContainText('Nova chave gerada');
  await expect(shownKey).not.toHaveText(oldKey);
  await expect(shownKey).toHaveText(KEY);
  const newKey = (await shownKey.textContent())!;
  await expect(codeBox).toHaveValue(new RegExp(`data-agent-key="${newKey}"`));
  const newCode = await codeBox.inputValue();
  expect(newCode).not.toContain(oldKey);

  // On a customer's site: the old snippet is refused at once, the new one answers.
  const stale = await askOnHost(page, oldCode);
  await expect(stale.getByRole('alert')).toHaveText(
    'Este assistente não está disponível no momento.',
  );
  const fresh = await askOnHost(page, newCode);
  await expect(fresh.getByRole('log')).toContainText('Fazemos entregas em todo o bairro');
});

test('a snippet from before the keys (data-agent-id) shows no chat and says why in the console', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Loja', status: 'active' });
  const { widgetUrl } = await getWebchatCode(page.context().request, agent.id);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const host = await serveHostPage(
    `<script src="${widgetUrl}" data-agent-id="${agent.id}" data-config='{}' async></script>`,
  );
  hosts.push(host);
  await page.goto(host.url);
  await expect.poll(() => warnings).toContainEqual(expect.stringContaining('data-agent-key'));
  await expect(page.locator('agent-webchat')).toHaveCount(0);
});
