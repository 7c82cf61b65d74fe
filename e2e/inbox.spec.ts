import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import {
  expectFitsPhone,
  expectNoSeriousViolations,
  openSectionOnPhone,
  PHONE,
} from './screen-helpers';
import { getWebchatCode, serveHostPage, type HostPage } from './webchat-host';
import { createInstanceViaApi } from './whatsapp-api';

const SIM = '/simulator/evolution/_sim';

let host: HostPage | undefined;
test.afterEach(async () => {
  await host?.close();
  host = undefined;
});

interface SimMessage {
  id: number;
  direction: 'in' | 'out';
  remoteJid: string;
  text: string;
}

/** An agent that answers, with its WhatsApp line connected through the built-in simulator. */
async function connectedAgent(page: Page, baseURL: string, name: string) {
  const agent = await createAgentViaApi(page, baseURL, { name, status: 'active' });
  const created = await createInstanceViaApi(page, baseURL, agent.id, '5511955550000');
  const scanned = await page.context().request.post(`${SIM}/${created.instanceName}/scan`, {
    data: {},
    headers: { Origin: baseURL },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);
  await expect
    .poll(async () => {
      const res = await page.context().request.get(`/api/agents/${agent.id}/whatsapp`);
      return ((await res.json()) as { status: string | null }).status;
    })
    .toBe('CONNECTED');
  return { agent, instance: created.instanceName! };
}

async function customerSays(
  request: APIRequestContext,
  baseURL: string,
  instance: string,
  from: string,
  text: string,
) {
  const res = await request.post(`${SIM}/${instance}/messages`, {
    data: { from, text, pushName: 'Maria Souza' },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * The simulator's global key, derived from the app secret the e2e server generated in its data
 * directory, as the server derives it (`simulatorApiKey` in server/adapters/gateway/gateway-client.ts).
 */
function simulatorGlobalKey(dataDir: string): string {
  const secret = readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim();
  return createHmac('sha256', secret).update('evolution-simulator-global-key').digest('hex');
}

/** The gateway answers the next send of this instance's text with an error (a 400). */
async function failNextText(request: APIRequestContext, dataDir: string, instance: string) {
  const res = await request.post(`${SIM}/_faults`, {
    data: { match: `/message/sendText/${instance}`, status: 400, times: 1 },
    headers: { apikey: simulatorGlobalKey(dataDir) },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** What the customer's phone received from the business number, oldest first. */
async function repliesTo(request: APIRequestContext, instance: string, from: string) {
  const res = await request.get(`${SIM}/${instance}/messages`);
  const rows = (await res.json()) as SimMessage[];
  return rows.filter((row) => row.direction === 'out' && row.remoteJid.startsWith(from));
}

test('a WhatsApp customer shows up in Conversas; a person takes over, the agent stays silent, then hands back and the agent answers', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { instance } = await connectedAgent(page, baseURL!, 'Padaria Pão Quente');
  const from = '5511987650001';
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-live')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('inbox-empty')).toBeVisible();

  // The customer writes: the conversation shows up in the open list by itself, then the answer.
  await customerSays(request, baseURL!, instance, from, 'Bom dia!');
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' });
  await expect(row).toContainText('Padaria Pão Quente');
  await expect(row.getByTestId('inbox-unread')).toHaveText('1 não lida');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(1);
  await row.click();
  const view = page.getByTestId('inbox-conversation');
  const bubbles = view.getByTestId('inbox-message');
  await expect(bubbles).toHaveCount(2);
  await expect(bubbles.first()).toHaveAttribute('data-author', 'customer');
  await expect(bubbles.last()).toHaveAttribute('data-author', 'agent');
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Robô ativo');
  // Opened means read.
  await expect(row.getByTestId('inbox-unread')).toHaveCount(0);

  await view.getByRole('button', { name: 'Assumir atendimento' }).click();
  await expect(toast(page).filter({ hasText: 'Você assumiu o atendimento' })).toBeVisible();
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Atendimento humano');
  await page.getByRole('button', { name: 'Precisa de atendimento', exact: true }).click();
  await expect(page.getByTestId('inbox-row')).toHaveCount(1);

  // The customer writes again: it shows up live, stored, and nobody but a person will answer it
  // (no reply is due: the conversation waits for a person, not for a timer).
  await customerSays(request, baseURL!, instance, from, 'Tem bolo de cenoura hoje?');
  await expect(bubbles.last()).toContainText('Tem bolo de cenoura hoje?');
  await expect(bubbles.last()).toHaveAttribute('data-status', 'done');
  expect(await repliesTo(request, instance, from)).toHaveLength(1);
  // Writing back, the customer has read the agent's answer: the gateway's receipt says so.
  await expect(bubbles.nth(1).getByTestId('inbox-delivery')).toHaveText('Lida');

  await view.getByRole('button', { name: 'Devolver ao robô' }).click();
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Robô ativo');
  await customerSays(request, baseURL!, instance, from, 'Vocês abrem no domingo?');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(2);
  // The answer shows up in the open conversation by itself.
  await expect(bubbles.last()).toHaveAttribute('data-author', 'agent');
  await expect(bubbles).toHaveCount(5);
});

test('opening Conversas shows a conversation that arrived while it was closed, even with no live stream', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const { instance } = await connectedAgent(page, baseURL!, 'Padaria Pão Quente');
  // No live stream at all (a proxy that drops it): only opening the section can bring news.
  await page.route('**/api/events', (route) => route.abort());
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-empty')).toBeVisible();
  await openSection(page, 'agents');
  await customerSays(page.context().request, baseURL!, instance, '5511987650009', 'Bom dia!');
  // The gateway delivers the message on its own time: it has arrived once the API lists it, named.
  await expect
    .poll(async () => {
      const res = await page.context().request.get('/api/conversations');
      const { items } = (await res.json()) as { items: { contact: { name: string | null } }[] };
      return items.map((item) => item.contact.name);
    })
    .toEqual(['Maria Souza']);
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' })).toBeVisible();
  await expect(page.getByTestId('inbox-empty')).toHaveCount(0);
});

test('a website visitor is in the same list; the channel filter and the search find them', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Salão Bela Vista',
    status: 'active',
  });
  const { embedConfig } = await getWebchatCode(page.context().request, agent.id);
  const chat = await page
    .context()
    .request.post(`/api/public/agents/${embedConfig.agentKey}/chat`, {
      data: { visitorId: 'visitor-0123456789abcdefghij', message: 'Quanto custa a escova?' },
      headers: { Origin: baseURL! },
    });
  expect(chat.status(), await chat.text()).toBe(200);

  await page.goto('/dashboard');
  await expect(page.getByTestId('inbox-card')).toContainText('Visitante do site');
  await openSection(page, 'conversations');
  const rows = page.getByTestId('inbox-row');
  await expect(rows.filter({ hasText: 'Visitante do site' })).toContainText('Salão Bela Vista');

  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'WhatsApp' }).click();
  await expect(page.getByTestId('inbox-empty')).toHaveText('Nenhuma conversa com esses filtros.');
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(rows).toHaveCount(1);

  await page.getByLabel('Buscar conversas').fill('escova');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Buscar conversas').fill('pistache');
  await expect(page.getByTestId('inbox-empty')).toBeVisible();
});

test('on a phone the list and the conversation take the screen in turn', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  await page.setViewportSize(PHONE);
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Oficina do Zé',
    status: 'active',
  });
  const { embedConfig } = await getWebchatCode(page.context().request, agent.id);
  // A conversation longer than a phone's screen: eight questions and their answers.
  const questions = ['Vocês fazem revisão?', 'E troca de óleo?', 'Quanto custa?', 'Abrem sábado?'];
  for (const message of [...questions, ...questions.map((q) => `${q} (de novo)`)]) {
    const chat = await page
      .context()
      .request.post(`/api/public/agents/${embedConfig.agentKey}/chat`, {
        data: { visitorId: 'visitor-phone-0123456789abcd', message },
        headers: { Origin: baseURL! },
      });
    expect(chat.status(), await chat.text()).toBe(200);
  }
  await page.goto('/dashboard');
  await openSectionOnPhone(page, 'conversations');
  await expectFitsPhone(page, page.getByTestId('inbox-row').first(), 'inbox-list');
  await page.getByTestId('inbox-row').first().click();
  // It opens at its newest message with the composer in view, as a chat app does.
  const bubbles = page.getByTestId('inbox-message');
  await expect(bubbles).toHaveCount(16);
  const send = page.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeInViewport();
  await expect(bubbles.last()).toBeInViewport();
  await expect(bubbles.first()).not.toBeInViewport();
  const back = page.getByRole('button', { name: 'Voltar para a lista' });
  await back.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, back, 'inbox-conversation');
  // The composer under the conversation fits too, its buttons in reach.
  await send.scrollIntoViewIfNeeded();
  await expectFitsPhone(page, send, 'inbox-composer');
  await expectFitsPhone(page, page.getByRole('button', { name: 'Anexar arquivo' }), 'inbox-attach');
  await expect(page.getByTestId('inbox-row')).toBeHidden();
  await expectNoSeriousViolations(page, 'inbox conversation on a phone');
  await back.click();
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();
});

test('the owner answers a WhatsApp customer as a person: the phone gets it from the business number, the agent stays silent until handed back', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { instance } = await connectedAgent(page, baseURL!, 'Doceria da Ana');
  const from = '5511987650002';
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-live')).toHaveAttribute('data-state', 'live');

  await customerSays(request, baseURL!, instance, from, 'Vocês fazem bolo de aniversário?');
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' });
  await expect(row).toContainText('Doceria da Ana');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(1);
  await row.click();
  const view = page.getByTestId('inbox-conversation');
  const bubbles = view.getByTestId('inbox-message');
  await expect(bubbles).toHaveCount(2);

  // A draft survives a reload of the page.
  const composer = view.getByRole('textbox', { name: 'Responder como pessoa' });
  await composer.fill('Fazemos sim! Para quando seria?');
  await page.reload();
  await openSection(page, 'conversations');
  await page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' }).click();
  await expect(composer).toHaveValue('Fazemos sim! Para quando seria?');

  // Enter sends; the message is the team's, and it reaches the customer's phone.
  await composer.press('Enter');
  const mine = bubbles.filter({ hasText: 'Fazemos sim! Para quando seria?' });
  await expect(mine).toHaveAttribute('data-author', 'person');
  await expect(mine).toContainText('Equipe');
  // Sent, then delivered once the phone acknowledges it (the simulator's receipt, live).
  await expect(mine.getByTestId('inbox-delivery')).toHaveText('Entregue');
  await expect(composer).toHaveValue('');
  await expect
    .poll(async () => (await repliesTo(request, instance, from)).map((r) => r.text))
    .toEqual([expect.any(String), 'Fazemos sim! Para quando seria?']);
  await expect(view.getByTestId('inbox-bot-state')).toHaveAttribute('data-state', 'paused');
  await expect(view.getByTestId('inbox-bot-state')).toContainText('Robô pausado até');

  // The customer writes again: it shows up, and the agent stays silent.
  await customerSays(request, baseURL!, instance, from, 'Para sábado, 20 pessoas');
  await expect(bubbles.last()).toContainText('Para sábado, 20 pessoas');
  await expect(bubbles.last()).toHaveAttribute('data-status', 'done');
  expect(await repliesTo(request, instance, from)).toHaveLength(2);

  await view.getByRole('button', { name: 'Devolver ao robô' }).click();
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Robô ativo');
  await customerSays(request, baseURL!, instance, from, 'Vocês entregam?');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(3);
  await expect(bubbles.last()).toHaveAttribute('data-author', 'agent');
});

test('the owner answers a website visitor as a person: the open widget shows it live as the Atendente, and after a reload', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Floricultura Jardim',
    knowledgeBase: 'Entregamos flores em todo o bairro Jardim América.',
    status: 'active',
  });
  const { code } = await getWebchatCode(page.context().request, agent.id);
  host = await serveHostPage(code);
  const visitor = await page.context().newPage();
  await visitor.goto(host.url);
  await visitor.getByRole('button', { name: 'Abrir chat' }).click();
  const chat = visitor.getByRole('dialog', { name: 'Floricultura Jardim' });
  const input = chat.getByRole('textbox', { name: 'Sua mensagem' });
  const log = chat.getByRole('log');
  await input.fill('Vocês entregam flores?');
  await input.press('Enter');
  await expect(log).toContainText('Entregamos flores');
  const answered = await log.locator('.m').count();

  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await page.getByTestId('inbox-row').filter({ hasText: 'Visitante do site' }).click();
  const view = page.getByTestId('inbox-conversation');
  const composer = view.getByRole('textbox', { name: 'Responder como pessoa' });
  await composer.fill('Oi! Aqui é a Júlia, da loja. Posso ajudar a escolher?');
  await view.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    view.getByTestId('inbox-message').filter({ hasText: 'Aqui é a Júlia' }),
  ).toHaveAttribute('data-author', 'person');

  // Live in the open widget, labelled as a person of the business.
  const person = log.locator('.m.h');
  await expect(person).toContainText('Atendente');
  await expect(person).toContainText('Oi! Aqui é a Júlia, da loja. Posso ajudar a escolher?');

  // The visitor writes again: the agent stays silent while a person answers.
  await input.fill('Quero rosas vermelhas');
  await input.press('Enter');
  await expect(
    view.getByTestId('inbox-message').filter({ hasText: 'Quero rosas vermelhas' }),
  ).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await expect(log.locator('.m')).toHaveCount(answered + 2);

  // In the history too, on the next visit.
  await visitor.reload();
  const again = visitor.getByRole('dialog', { name: 'Floricultura Jardim' });
  await expect(again.getByRole('log').locator('.m.h')).toContainText('Atendente');
  await expect(again.getByRole('log')).toContainText('Quero rosas vermelhas');

  await view.getByRole('button', { name: 'Devolver ao robô' }).click();
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Robô ativo');
  const input2 = again.getByRole('textbox', { name: 'Sua mensagem' });
  await input2.fill('Vocês entregam flores hoje?');
  await input2.press('Enter');
  await expect(again.getByRole('log').locator('.m.a').last()).toContainText('Entregamos flores');
  await visitor.close();
});

test('a reply the gateway refused shows Falhou with Tentar novamente, which sends it once', async ({
  signedInPage: { page, user },
  baseURL,
  appServer,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { instance } = await connectedAgent(page, baseURL!, 'Pet Shop Amigo');
  const from = '5511987650003';
  await customerSays(request, baseURL!, instance, from, 'Tem ração para filhote?');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(1);
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' }).click();
  const view = page.getByTestId('inbox-conversation');

  await failNextText(request, appServer.dataDir, instance);
  const composer = view.getByRole('textbox', { name: 'Responder como pessoa' });
  await composer.fill('Temos sim, de várias marcas.');
  await view.getByRole('button', { name: 'Enviar' }).click();
  const mine = view.getByTestId('inbox-message').filter({ hasText: 'Temos sim' });
  await expect(mine).toHaveAttribute('data-status', 'failed');
  await expect(mine.getByTestId('inbox-message-status')).toHaveText('Falhou');
  expect(await repliesTo(request, instance, from)).toHaveLength(1);

  await mine.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(mine).toHaveAttribute('data-status', 'done');
  await expect(mine.getByTestId('inbox-delivery')).toHaveText('Entregue');
  await expect(mine.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect
    .poll(async () => (await repliesTo(request, instance, from)).map((r) => r.text))
    .toEqual([expect.any(String), 'Temos sim, de várias marcas.']);
});
