import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test } from './fixtures';
import { chooseAgent } from './whatsapp-api';

// The whole WhatsApp journey through the screens: editor → QR → simulator scan → connected →
// a customer writes from the simulator → the agent's reply in the chat and in the conversations.
test('create an instance in the editor, scan it in the simulator, chat as a customer', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  test.setTimeout(120_000);
  // WhatsApp answers only customers of owners with an active or trialing subscription.
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
    knowledgeBase: 'A Padaria Pão Quente abre todos os dias das 6h às 20h.',
  });

  await page.goto(`/agents/${agent.id}/edit`);
  await page.getByRole('tab', { name: 'WhatsApp' }).click();
  const card = page.getByTestId('editor-whatsapp-card');
  await expect(
    card.getByText('Com código do país e DDD, por exemplo +55 (11) 91234-5678'),
  ).toBeVisible();
  const create = card.getByRole('button', { name: 'Criar Instância WhatsApp' });
  // A typo is said under the field, not silently dropped ("(11) 9abc" must not become "119").
  const number = card.getByLabel('Número do WhatsApp');
  await number.fill('(11) 9abc');
  await create.click();
  await expect(number).toHaveAccessibleDescription(
    'Use só números no telefone (espaços, parênteses, + e - podem ficar)',
  );
  // Written the usual way, with separators: the digits are what is stored.
  await number.fill('+55 (11) 95555-4444');
  await create.click();
  await expect(toast(page)).toContainText('Instância criada');

  // The QR area opens by itself after creation, with the simulator link beside it.
  const qr = page.getByTestId('editor-qr-area').getByRole('img');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('editor-whatsapp-status')).toHaveText('Aguardando');
  const link = card.getByTestId('simulator-link');
  await expect(link).toHaveText(/Simulador/);
  await expect(link).toHaveAttribute('target', '_blank');

  // The simulator page in another tab, as the link opens it.
  const phone = await page.context().newPage();
  await phone.goto('/simulator');
  await expect(phone.getByRole('heading', { name: 'Simulador do WhatsApp' })).toBeVisible();
  await expect(phone.getByTestId('simulator-explainer')).toContainText('faz o papel de um celular');
  const instance = phone.getByTestId('sim-instance');
  await expect(instance).toHaveCount(1);
  await expect(instance).toHaveAttribute('data-state', 'connecting');
  await instance.getByRole('button', { name: 'Escanear QR Code' }).click();
  await expect(phone.getByTestId('sim-scanning').getByRole('img')).toBeVisible();
  await expect(instance).toHaveAttribute('data-state', 'open', { timeout: 10_000 });
  await expect(instance).toContainText('Conectado');

  // Back in the editor: the status polling notices the connection.
  await page.bringToFront();
  await expect(toast(page)).toContainText('WhatsApp Conectado!', { timeout: 20_000 });
  await expect(page.getByTestId('editor-whatsapp-status')).toHaveText('Conectado');
  await expect(page.getByTestId('editor-qr-area')).toHaveCount(0);

  // A customer writes; the agent answers in the simulated chat.
  await phone.bringToFront();
  const chat = phone.getByTestId('sim-chat-panel');
  await chat.getByLabel('Número do cliente').fill('5511987654321');
  await chat.getByLabel('Nome do cliente').fill('Joana Cliente');
  await chat.getByLabel('Mensagem').fill('Bom dia! Que horas vocês abrem?');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.locator('[data-testid="sim-message"][data-direction="in"]')).toContainText(
    'Que horas vocês abrem?',
  );
  const reply = chat.locator('[data-testid="sim-message"][data-direction="out"]').first();
  await expect(reply).toBeVisible({ timeout: 45_000 });
  await expect(reply).not.toHaveText(/^\s*$/);
  const replyText = (await reply.locator('p').nth(1).textContent())?.trim() ?? '';
  expect(replyText.length).toBeGreaterThan(0);

  // The conversation list of the WhatsApp page shows the contact, and its transcript both sides.
  await page.bringToFront();
  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Pão Quente');
  await expect(page.getByTestId('whatsapp-panel-message')).toContainText('WhatsApp conectado');
  const row = page.getByTestId('conversation-row');
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText('+55 11 98765-4321');
  await expect(row).toContainText('Joana Cliente');
  await expect(row.getByTestId('bot-status')).toHaveText('Robô ativo');
  await row.getByRole('button', { name: 'Ver conversa' }).click();
  const transcript = page.getByTestId('transcript-dialog');
  await expect(transcript.locator('[data-role="user"]')).toContainText('Que horas vocês abrem?');
  await expect(transcript.locator('[data-role="assistant"]').first()).toContainText(
    replyText.slice(0, 20),
  );

  // The owner takes over this customer, then hands back to the bot.
  await transcript.getByRole('button', { name: 'Pausar robô' }).click();
  await expect(toast(page)).toContainText('Robô pausado');
  await expect(transcript.getByTestId('bot-status')).toHaveText(/^Pausado até/);
  await transcript.getByRole('button', { name: 'Retomar robô' }).click();
  await expect(toast(page)).toContainText('Robô retomado');
  await expect(transcript.getByTestId('bot-status')).toHaveText('Robô ativo');
  await page.keyboard.press('Escape');

  // Handed over from the inbox: the agent's list and transcript say a person must answer, as the
  // inbox does, and offer to resume.
  const origin = new URL(page.url()).origin;
  const inbox = await page.request.get('/api/conversations');
  const [item] = (await inbox.json()).items as { id: number }[];
  const handoff = await page.request.post(`/api/conversations/${item!.id}/handoff`, {
    headers: { origin },
  });
  expect(handoff.status()).toBe(200);
  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Pão Quente');
  await expect(row.getByTestId('bot-status')).toHaveText('Atendimento humano', {
    timeout: 15_000,
  });
  await row.getByRole('button', { name: 'Ver conversa' }).click();
  await expect(transcript.getByTestId('bot-status')).toHaveText('Atendimento humano');
  await transcript.getByRole('button', { name: 'Retomar robô' }).click();
  await expect(transcript.getByTestId('bot-status')).toHaveText('Robô ativo');
  await page.keyboard.press('Escape');

  // The phone unlinks the device: the page notices from the stored state and says so.
  await phone.getByTestId('sim-instance').getByRole('button', { name: 'Desconectar' }).click();
  await expect(phone.getByTestId('sim-instance')).toHaveAttribute('data-state', 'close');
  await expect(toast(page)).toContainText('Conexão perdida', { timeout: 25_000 });
  await expect(page.getByTestId('whatsapp-panel-message')).toContainText('WhatsApp desconectado');
});
