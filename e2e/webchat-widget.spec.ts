import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import type { Locator } from '@playwright/test';
import { expect, test, type Page, type TestUser } from './fixtures';
import { openKnowledgeTab, uploadViaApi, waitUntilReady } from './knowledge-files';
import { getWebchatCode, saveWebchatConfig, serveHostPage, type HostPage } from './webchat-host';

const KNOWLEDGE = [
  'Funcionamos de segunda a sábado, das 8h às 18h.',
  'Fazemos entregas em todo o bairro Jardim América com taxa de R$ 5,00.',
].join('\n\n');

let host: HostPage | undefined;
test.afterEach(async () => {
  await host?.close();
  host = undefined;
});

/**
 * An agent of the signed-in owner. The widget only answers customers of owners with an active or
 * trialing subscription: pass `user` to subscribe them first (sandbox checkout through the API).
 */
async function hostWithAgent(
  page: Page,
  baseURL: string,
  user: TestUser | null,
  status = 'active',
) {
  if (user) await subscribeViaSandbox(page, baseURL, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL, {
    name: 'Padaria Pão Quente',
    knowledgeBase: KNOWLEDGE,
    status,
  });
  return agent;
}

async function openHost(page: Page, agentId: number) {
  const { code } = await getWebchatCode(page.context().request, agentId);
  host = await serveHostPage(code);
  await page.goto(host.url);
  return page.getByRole('button', { name: 'Abrir chat' });
}

/** The launcher's brand look as the browser computed it (none of it if the styles were refused). */
const launcherLook = (launcher: Locator) =>
  launcher.evaluate((el) => {
    const s = getComputedStyle(el);
    return { bg: s.backgroundColor, color: s.color, radius: s.borderRadius };
  });

test('on another site: open, chat with a streamed reply, reload keeps the conversation, host CSS stays out', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  const agent = await hostWithAgent(page, baseURL!, user);
  const { embedConfig } = await getWebchatCode(page.context().request, agent.id);
  const launcher = await openHost(page, agent.id);

  // The host page hides every button and restyles everything; none of it reaches the widget.
  await expect(launcher).toBeVisible();
  expect(await launcherLook(launcher)).toEqual({
    bg: 'rgb(2, 43, 68)',
    color: 'rgb(184, 236, 0)',
    radius: '50%',
  });
  expect(await page.locator('agent-webchat').evaluate((el) => el.shadowRoot !== null)).toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);

  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await expect(chat).toBeVisible();
  const input = chat.getByRole('textbox', { name: 'Sua mensagem' });
  await expect(input).toBeFocused();
  const inputLook = await input.evaluate((el) => {
    const s = getComputedStyle(el);
    return { font: s.fontSize, family: s.fontFamily, color: s.color };
  });
  expect(inputLook.font).toBe('14px');
  expect(inputLook.family).not.toBe('serif');
  expect(inputLook.color).toBe('rgb(17, 24, 39)');
  await expect(chat.getByRole('log')).toContainText('Olá! Como posso ajudar?');

  // The widget names the agent by its public key, never by its id.
  const streamed = page.waitForResponse((r) =>
    r.url().endsWith(`/api/public/agents/${embedConfig.agentKey}/chat/stream`),
  );
  await input.fill('Vocês fazem entregas?');
  await input.press('Enter');
  const response = await streamed;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const log = chat.getByRole('log');
  await expect(log).toContainText('Vocês fazem entregas?');
  await expect(log).toContainText('Fazemos entregas em todo o bairro Jardim América');
  // The reply is complete (the sources line would come in the same step), and sources are the
  // owner's choice, off until turned on in the dashboard.
  await expect(log.locator('.m.a').last()).not.toHaveAttribute('aria-busy', 'true');
  await expect(log).not.toContainText('Fontes');

  // Reload: the widget reopens as it was and restores this visitor's conversation.
  await page.reload();
  const again = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await expect(again.getByRole('log')).toContainText('Vocês fazem entregas?');
  await expect(again.getByRole('log')).toContainText('Fazemos entregas em todo o bairro');

  // Esc closes and gives focus back to the launcher.
  await again.getByRole('textbox', { name: 'Sua mensagem' }).press('Escape');
  await expect(again).toBeHidden();
  await expect(page.getByRole('button', { name: 'Abrir chat' })).toBeFocused();
});

/** The dashboard's Código do chat do site dialog: ticks or clears 'Mostrar as fontes' and saves. */
async function setShowSources(page: Page, agentName: string, on: boolean) {
  await page.goto('/dashboard');
  await openSection(page, 'agents');
  await page.getByRole('button', { name: `Ações do agente ${agentName}` }).click();
  await page.getByRole('menuitem', { name: 'Código do chat do site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código do chat do site' });
  const codeBox = dialog.getByRole('textbox', { name: 'Código de incorporação' });
  await expect(codeBox).toHaveValue(/data-agent-key/);
  const sources = dialog.getByRole('checkbox', { name: 'Mostrar as fontes das respostas' });
  await expect(sources).toHaveAccessibleDescription(/Nome para os clientes/);
  await sources.setChecked(on);
  await dialog.getByRole('button', { name: 'Salvar e gerar código' }).click();
  await expect(toast(page)).toContainText('Personalização salva');
  await expect(codeBox).toHaveValue(new RegExp(`"showSources":${on}`));
}

test('sources: a document named for customers and the switch on show Fontes with that name, never the file; off shows none', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  // A document read and named, the dialog saved twice and the widget asked twice: past 30 s on a
  // busy 2-core run.
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
  });
  await uploadViaApi(page, baseURL!, agent.id, {
    name: 'planilha-interna-v3.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      'Encomendas de bolos de aniversário pedem 48 horas de antecedência e sinal de 50%.',
    ),
  });
  await waitUntilReady(page, agent.id);

  await openKnowledgeTab(page, agent.id);
  await page
    .getByRole('button', { name: 'Nome para os clientes de planilha-interna-v3.txt' })
    .click();
  const naming = page.getByRole('dialog', { name: 'Nome para os clientes' });
  await naming.getByRole('textbox', { name: 'Nome para os clientes' }).fill('Encomendas de bolos');
  await naming.getByRole('button', { name: 'Salvar nome' }).click();
  await expect(naming).toBeHidden();
  await expect(page.getByTestId('document-public-title')).toHaveText('Encomendas de bolos');

  await setShowSources(page, 'Padaria Pão Quente', true);
  const launcher = await openHost(page, agent.id);
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  const input = chat.getByRole('textbox', { name: 'Sua mensagem' });
  const log = chat.getByRole('log');
  const answers = log.locator('.m.a');
  const ask = async (question: string) => {
    const before = await answers.count();
    await input.fill(question);
    await input.press('Enter');
    await expect(answers).toHaveCount(before + 1);
    await expect(answers.last()).toContainText('48 horas de antecedência');
    // The sources line is added in the same step that ends the streaming state.
    await expect(answers.last()).not.toHaveAttribute('aria-busy', 'true');
    return answers.last();
  };

  const withSources = await ask('Como funcionam as encomendas de bolos?');
  await expect(withSources).toContainText('Fontes: Encomendas de bolos');
  await expect(log).not.toContainText('planilha-interna');

  // Turned off in the dashboard, the snippet already on the site stops showing sources.
  await setShowSources(page, 'Padaria Pão Quente', false);
  await page.goto(host!.url);
  await expect(chat).toBeVisible();
  await expect(log).toContainText('Como funcionam as encomendas de bolos?');
  const without = await ask('E as encomendas de bolos de aniversário?');
  await expect(without).not.toContainText('Fontes');
  await expect(log).not.toContainText('planilha-interna');
});

test('a site whose Content-Security-Policy forbids inline styles still gets the styled widget', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  const agent = await hostWithAgent(page, baseURL!, user);
  const { code, widgetUrl } = await getWebchatCode(page.context().request, agent.id);
  const platform = new URL(widgetUrl).origin;
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  // What the docs ask a strict site to allow: the platform for scripts and calls, nothing inline.
  host = await serveHostPage(
    code,
    `default-src 'self'; img-src data:; script-src ${platform}; connect-src ${platform}; style-src 'self'`,
  );
  await page.goto(host.url);
  const launcher = page.getByRole('button', { name: 'Abrir chat' });
  await expect(launcher).toBeVisible();
  expect(await launcherLook(launcher)).toEqual({
    bg: 'rgb(2, 43, 68)',
    color: 'rgb(184, 236, 0)',
    radius: '50%',
  });

  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  const input = chat.getByRole('textbox', { name: 'Sua mensagem' });
  await input.fill('Vocês fazem entregas?');
  await input.press('Enter');
  await expect(chat.getByRole('log')).toContainText('Fazemos entregas em todo o bairro');
  expect(refused).toEqual([]);
});

test('a site outside the allowed domains gets the refusal in the widget', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  const agent = await hostWithAgent(page, baseURL!, user);
  await saveWebchatConfig(page.context().request, baseURL!, agent.id, {
    config: {},
    allowedDomains: ['minhaloja.com.br'],
  });
  const launcher = await openHost(page, agent.id);
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).fill('Oi');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByRole('alert')).toHaveText(
    'Este site não tem permissão para usar este chat.',
  );
});

test('an agent that is not active says it is unavailable', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await hostWithAgent(page, baseURL!, null, 'draft');
  const launcher = await openHost(page, agent.id);
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).fill('Oi');
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).press('Enter');
  await expect(chat.getByRole('alert')).toHaveText(
    'Este assistente não está disponível no momento.',
  );
});

test('an active agent of an owner without a subscription says it is unavailable', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await hostWithAgent(page, baseURL!, null);
  const launcher = await openHost(page, agent.id);
  await launcher.click();
  const chat = page.getByRole('dialog', { name: 'Padaria Pão Quente' });
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).fill('Vocês fazem entregas?');
  await chat.getByRole('textbox', { name: 'Sua mensagem' }).press('Enter');
  // The visitor sees the same neutral text as for an inactive agent, nothing about billing.
  await expect(chat.getByRole('alert')).toHaveText(
    'Este assistente não está disponível no momento.',
  );
  await expect(chat.getByRole('log')).not.toContainText('Fazemos entregas');
});

test('on a phone the open chat fills the screen', async ({ signedInPage: { page }, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const agent = await hostWithAgent(page, baseURL!, null);
  const launcher = await openHost(page, agent.id);
  await launcher.click();
  const box = await page.getByRole('dialog', { name: 'Padaria Pão Quente' }).boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 375, height: 667 });
});
