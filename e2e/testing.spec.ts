import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';

const KNOWLEDGE = [
  'Funcionamos de segunda a sábado, das 8h às 18h. Aos domingos a loja fica fechada.',
  'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  'Aceitamos Pix, cartão de crédito e débito.',
].join('\n\n');

interface AgentData {
  name: string;
  description?: string;
  knowledgeBase?: string;
  status?: string;
  temperature?: number;
  model?: string;
}

/** Creates an agent of the signed-in user through the API (same cookie jar as the page). */
async function createAgent(request: APIRequestContext, baseURL: string, data: AgentData) {
  const response = await request.post('/api/agents', {
    data: { systemPrompt: `Você atende os clientes de ${data.name}.`, ...data },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

async function openTesting(page: Page, agentName: string) {
  await page.goto('/dashboard');
  await page.locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: agentName }).click();
}

const messages = (page: Page) => page.getByTestId('chat-message');
const composer = (page: Page) => page.getByRole('textbox', { name: 'Mensagem para o agente' });

test('picking an agent shows its details and the greeting; changing agent clears the chat', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const request = page.context().request;
  await createAgent(request, baseURL!, {
    name: 'Padaria Pão Quente',
    description: 'Atendimento da padaria do bairro',
    model: 'gpt-4o',
    temperature: 0.7,
    status: 'testing',
  });
  await createAgent(request, baseURL!, { name: 'Loja de Roupas' });

  await openTesting(page, 'Padaria Pão Quente');
  const details = page.getByTestId('agent-details');
  await expect(details).toContainText('Atendimento da padaria do bairro');
  await expect(details).toContainText('gpt-4o');
  await expect(details).toContainText('0,7');
  await expect(details).toContainText('Testando');
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText(
    'Olá! Eu sou Padaria Pão Quente. Como posso ajudar você hoje?',
  );

  await composer(page).fill('Oi');
  await composer(page).press('Enter');
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).last()).toContainText('Olá! Eu sou Padaria Pão Quente.');

  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Loja de Roupas' }).click();
  await expect(details).toContainText('Sem descrição');
  await expect(details).toContainText('Rascunho');
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText('Olá! Eu sou Loja de Roupas.');
});

test('chat with the offline provider: streamed answer, Offline label and a citation', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgent(page.context().request, baseURL!, {
    name: 'Padaria Pão Quente',
    knowledgeBase: KNOWLEDGE,
  });
  await openTesting(page, 'Padaria Pão Quente');

  const streamed = page.waitForFunction(() => {
    const log = document.querySelector('[role="log"]');
    const bubbles = document.querySelectorAll(
      '[data-testid="chat-message"][data-role="assistant"]',
    );
    const last = bubbles[bubbles.length - 1];
    // Part of the reply is on screen while the stream is still open.
    return log?.getAttribute('aria-busy') === 'true' && bubbles.length === 2 && last?.textContent
      ? last.textContent.includes('Fazemos')
      : false;
  });
  await composer(page).fill('Vocês fazem entregas?');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await streamed;

  const reply = messages(page).last();
  await expect(page.getByRole('log')).toHaveAttribute('aria-busy', 'false');
  // the sentence that answers, as one reply: not the whole knowledge
  await expect(reply.getByTestId('chat-message-text')).toHaveText(
    'Agente: Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
  );
  await expect(reply.getByTestId('offline-badge')).toHaveText('Offline');
  await expect(page.getByTestId('offline-note')).toContainText(
    'configure um provedor de IA em Configurações',
  );
  const citations = reply.getByTestId('citations');
  await expect(citations).toContainText('Base de conhecimento');
  await expect(citations).toContainText('Fazemos entregas');
});

test('a blank message is not sent', async ({ signedInPage: { page }, baseURL }) => {
  await createAgent(page.context().request, baseURL!, { name: 'Agente Vazio' });
  await openTesting(page, 'Agente Vazio');
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/test/stream')) sent += 1;
  });

  await composer(page).fill('    ');
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await composer(page).press('Enter');
  await expect(messages(page)).toHaveCount(1);
  expect(sent).toBe(0);
});

test('export the chat as JSON, then clear it (the agent forgets too)', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgent(page.context().request, baseURL!, {
    name: 'Padaria Pão Quente',
    knowledgeBase: KNOWLEDGE,
  });
  await openTesting(page, 'Padaria Pão Quente');
  await composer(page).fill('Quais formas de pagamento vocês aceitam?');
  await composer(page).press('Enter');
  await expect(messages(page).last()).toContainText('Aceitamos Pix');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar a conversa (arquivo JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^chat-padaria-pao-quente-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(data.agent.name).toBe('Padaria Pão Quente');
  expect(data.messages).toHaveLength(3);
  expect(data.messages.map((m: { role: string }) => m.role)).toEqual([
    'assistant',
    'user',
    'assistant',
  ]);
  expect(data.messages[1].content).toBe('Quais formas de pagamento vocês aceitam?');
  expect(data.messages[0].content).toBe(
    'Olá! Eu sou Padaria Pão Quente. Como posso ajudar você hoje?',
  );
  expect(data.messages[2].content).toContain('Aceitamos Pix');
  expect(data.messages[2].offline).toBe(true);
  // the sources listed under the reply on screen travel with it
  const shown = await messages(page).last().getByTestId('citations').locator('li').count();
  expect(shown).toBeGreaterThan(0);
  expect(data.messages[2].sources).toHaveLength(shown);
  expect(data.messages[2].sources[0]).toMatchObject({ source: 'Base de conhecimento', page: null });
  expect(data.messages[2].sources.map((s: { excerpt: string }) => s.excerpt).join(' ')).toContain(
    'Aceitamos Pix',
  );
  for (const m of data.messages) expect(Number.isNaN(Date.parse(m.timestamp))).toBe(false);
  await expect(page.getByTestId('toast')).toContainText('Conversa baixada');

  const forgotten = page.waitForResponse(
    (r) => r.url().endsWith('/test/conversation') && r.request().method() === 'DELETE',
  );
  await page.getByRole('button', { name: 'Limpar conversa' }).click();
  expect((await forgotten).status()).toBe(204);
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toContainText('Olá! Eu sou Padaria Pão Quente.');
});

test('the image test refuses a file that is not an image', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgent(page.context().request, baseURL!, { name: 'Agente Visual' });
  await openTesting(page, 'Agente Visual');
  let uploaded = 0;
  page.on('request', (r) => {
    if (r.url().includes('/multimedia/image')) uploaded += 1;
  });

  await page.getByLabel('Imagem', { exact: true }).setInputFiles({
    name: 'cardapio.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Pão francês R$ 1,00'),
  });
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Arquivo não suportado');
  await expect(toast).toContainText('Só é possível enviar imagens');
  await expect(page.getByRole('button', { name: 'Analisar imagem' })).toBeDisabled();
  expect(uploaded).toBe(0);
});

test('a denied microphone shows the recording error', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await createAgent(page.context().request, baseURL!, { name: 'Agente de Voz' });
  await openTesting(page, 'Agente de Voz');

  await page.getByRole('button', { name: 'Iniciar gravação' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Erro na gravação');
  await expect(toast).toContainText('Não foi possível acessar o microfone');
  await expect(page.getByTestId('voice-state')).toHaveText('Pronto para gravar');
});

test('on a phone the testing console fits the screen width', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await createAgent(page.context().request, baseURL!, {
    name: 'Padaria Pão Quente',
    description: 'Atendimento da padaria com uma descrição bem comprida para quebrar a linha',
    knowledgeBase: KNOWLEDGE,
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog').locator('[data-section="testing"]').click();
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Padaria Pão Quente' }).click();
  await composer(page).fill('Vocês fazem entregas?');
  await composer(page).press('Enter');
  await expect(messages(page).last().getByTestId('citations')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar gravação' })).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
});
