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
import { getWebchatCode } from './webchat-host';
import { createInstanceViaApi } from './whatsapp-api';

const SIM = '/simulator/evolution/_sim';

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

  await view.getByRole('button', { name: 'Devolver ao robô' }).click();
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Robô ativo');
  await customerSays(request, baseURL!, instance, from, 'Vocês abrem no domingo?');
  await expect.poll(async () => (await repliesTo(request, instance, from)).length).toBe(2);
  // The answer shows up in the open conversation by itself.
  await expect(bubbles.last()).toHaveAttribute('data-author', 'agent');
  await expect(bubbles).toHaveCount(5);
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
  const chat = await page
    .context()
    .request.post(`/api/public/agents/${embedConfig.agentKey}/chat`, {
      data: { visitorId: 'visitor-phone-0123456789abcd', message: 'Vocês fazem revisão?' },
      headers: { Origin: baseURL! },
    });
  expect(chat.status(), await chat.text()).toBe(200);
  await page.goto('/dashboard');
  await openSectionOnPhone(page, 'conversations');
  await expectFitsPhone(page, page.getByTestId('inbox-row').first(), 'inbox-list');
  await page.getByTestId('inbox-row').first().click();
  const back = page.getByRole('button', { name: 'Voltar para a lista' });
  await expectFitsPhone(page, back, 'inbox-conversation');
  await expect(page.getByTestId('inbox-row')).toBeHidden();
  await expectNoSeriousViolations(page, 'inbox conversation on a phone');
  await back.click();
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();
});
