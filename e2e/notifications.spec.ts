import type { APIRequestContext } from '@playwright/test';
import { createAgentViaApi, openSection, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectFitsPhone, expectNoSeriousViolations, PHONE } from './screen-helpers';
import { createInstanceViaApi } from './whatsapp-api';

const SIM = '/simulator/evolution/_sim';

/**
 * The agent hands over by itself and the owner's bell says so, live. The offline model
 * (the default, no provider) recognises a customer's request for a person.
 */

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
  const rows = (await res.json()) as { direction: string; remoteJid: string; text: string }[];
  return rows.filter((row) => row.direction === 'out' && row.remoteJid.startsWith(from));
}

/** The dashboard with its live stream open (the inbox shows when it is). */
async function dashboardLive(page: Page) {
  await page.goto('/dashboard');
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-live')).toHaveAttribute('data-state', 'live');
  await openSection(page, 'dashboard');
}

test('a customer asks for a person: the bell shows it live and opens the conversation, marked as needing a person', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { instance } = await connectedAgent(page, baseURL!, 'Padaria Pão Quente');
  const from = '5511987650011';
  await dashboardLive(page);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);

  await customerSays(request, baseURL!, instance, from, 'Quero falar com um atendente, por favor');
  // The customer gets the handoff message; the owner's bell lights up by itself.
  await expect
    .poll(async () => (await repliesTo(request, instance, from)).map((r) => r.text))
    .toEqual([
      'Vou chamar alguém da equipe para continuar o atendimento. Aguarde um instante, por favor.',
    ]);
  await expect(page.getByTestId('unread-dot')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notificações: 1 não lida');

  await bell.click();
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Precisa de atendimento');
  await expect(item).toContainText('Maria Souza pediu para falar com uma pessoa.');
  await expectNoSeriousViolations(page, 'the bell open');
  await item.click();

  // Conversas, on that conversation: a person must answer it.
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Conversas');
  const view = page.getByTestId('inbox-conversation');
  await expect(view).toContainText('Quero falar com um atendente, por favor');
  await expect(view.getByTestId('inbox-bot-state')).toHaveText('Atendimento humano');
  const row = page.getByTestId('inbox-row').filter({ hasText: 'Maria Souza' });
  await expect(row).toContainText('Precisa de atendimento');
  // Opened from the bell means read.
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notificações');
});

test('on a 360 px phone the bell lists notifications within the screen and marks them all read', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { instance } = await connectedAgent(page, baseURL!, 'Salão Bela Vista');
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  // Two customers ask for a person before the owner looks: the bell shows both on load.
  await customerSays(request, baseURL!, instance, '5511987650021', 'Posso falar com alguém?');
  await customerSays(request, baseURL!, instance, '5511987650022', 'atendente humano');
  await expect
    .poll(async () => {
      const res = await request.get('/api/notifications');
      return ((await res.json()) as { unread: number }).unread;
    })
    .toBe(2);
  await page.reload();
  await expect(page.getByTestId('unread-dot')).toHaveText('2');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notificações/ })
    .click();
  await expect(page.getByTestId('notification-item')).toHaveCount(2);
  await expectFitsPhone(
    page,
    page.getByRole('button', { name: 'Marcar todas como lidas' }),
    'the bell',
  );
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Avisos do navegador' })).toBeVisible();
});

test('the owner sets the handoff message in the editor; the test console shows it would hand over', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Clínica Sorriso' });
  await page.goto(`/agents/${agent.id}/edit`);
  const field = page.getByLabel('Mensagem ao chamar uma pessoa');
  await expect(field).toHaveAttribute(
    'placeholder',
    'Vou chamar alguém da equipe para continuar o atendimento. Aguarde um instante, por favor.',
  );
  const custom = 'Um instante! A Dra. Ana já vai falar com você.';
  await field.fill(custom);
  await expect(page.getByText(`${custom.length} de 500 caracteres`)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page).filter({ hasText: 'Agente atualizado' })).toBeVisible();

  await page.goto('/dashboard');
  await openSection(page, 'testing');
  await page.getByRole('combobox', { name: 'Agente' }).click();
  await page.getByRole('option', { name: 'Clínica Sorriso' }).click();
  const composer = page.getByRole('textbox', { name: 'Mensagem para o agente' });
  await composer.fill('Quero falar com uma pessoa');
  await composer.press('Enter');
  const reply = page.getByTestId('chat-message').last();
  await expect(reply.getByTestId('chat-message-text')).toHaveText(`Agente: ${custom}`);
  await expect(reply.getByTestId('handoff-note')).toContainText(
    'esta resposta passaria a conversa para “Precisa de atendimento”',
  );
});
