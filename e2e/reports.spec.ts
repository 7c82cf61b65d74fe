import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { createAgentViaApi, openSection } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectNoSeriousViolations } from './screen-helpers';
import { getWebchatCode } from './webchat-host';
import { createInstanceViaApi } from './whatsapp-api';

const SIM = '/simulator/evolution/_sim';

/** An active agent with its WhatsApp line connected through the built-in simulator. */
async function connectedAgent(page: Page, baseURL: string, name: string) {
  const agent = await createAgentViaApi(page, baseURL, {
    name,
    status: 'active',
    knowledgeBase: 'Abrimos de segunda a sábado, das 7h às 19h.',
  });
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

/** A website visitor's message through the widget's public chat API; the answer comes with it. */
async function visitorSays(
  request: APIRequestContext,
  baseURL: string,
  agentKey: string,
  visitorId: string,
  message: string,
) {
  const res = await request.post(`/api/public/agents/${agentKey}/chat`, {
    data: { visitorId, message },
    headers: { Origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Today in São Paulo, the owner's default zone, YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format();

test("Relatórios shows the owner's week in figures, charts and tables, filters it and exports it; the home shows the week", async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const { agent, instance } = await connectedAgent(page, baseURL!, 'Padaria Pão Quente');

  // One WhatsApp customer, answered by the agent.
  const from = '5511987650001';
  const said = await request.post(`${SIM}/${instance}/messages`, {
    data: { from, text: 'Que horas vocês abrem?', pushName: 'Maria Souza' },
    headers: { Origin: baseURL! },
  });
  expect(said.status(), await said.text()).toBeLessThan(300);
  await expect
    .poll(async () => {
      const rows = (await (await request.get(`${SIM}/${instance}/messages`)).json()) as {
        direction: string;
        remoteJid: string;
      }[];
      return rows.filter((r) => r.direction === 'out' && r.remoteJid.startsWith(from)).length;
    })
    .toBe(1);
  // Two website visitors: one answered, one who asks for a person.
  const { embedConfig } = await getWebchatCode(request, agent.id);
  await visitorSays(
    request,
    baseURL!,
    embedConfig.agentKey,
    'visitor-reports-0123456789a',
    'Vocês abrem no sábado?',
  );
  await visitorSays(
    request,
    baseURL!,
    embedConfig.agentKey,
    'visitor-reports-0123456789b',
    'Bom dia',
  );
  await visitorSays(
    request,
    baseURL!,
    embedConfig.agentKey,
    'visitor-reports-0123456789b',
    'Quero falar com um atendente',
  );

  await page.goto('/dashboard');
  // The home's card: the week, and a way to the reports.
  const card = page.getByTestId('home-analytics-card');
  // The home renders first; the card's figures follow (a slower moment on a busy machine).
  await expect(card.getByTestId('home-analytics-summary')).toHaveText(
    '3 conversas na semana. 67% resolvidas pelo agente.',
    { timeout: 20_000 },
  );
  await expect(card.getByRole('img')).toHaveAttribute('aria-label', /: 3\.$/);
  await card.getByRole('button', { name: 'Ver relatórios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();

  // The last 7 days' figures.
  // The zone in words, as the owner picked it in Settings, not its id.
  await expect(page.getByTestId('analytics-period')).toContainText('no horário de Brasília');
  await expect(page.getByTestId('figure-conversations')).toContainText('3');
  await expect(page.getByTestId('figure-messagesIn')).toContainText('4');
  await expect(page.getByTestId('figure-resolved')).toContainText('67%');
  await expect(page.getByTestId('figure-handedOff')).toContainText('33%');
  await expect(page.getByTestId('figure-cost')).toContainText('R$');

  // Each chart: a canvas summarised for screen readers, and its table.
  const perDay = page.getByTestId('chart-conversations-per-day');
  await expect(perDay.getByRole('img')).toHaveAttribute('aria-label', /3 conversas em 7 dias/);
  await expect(perDay.locator('tbody tr')).toHaveCount(7);
  await expect(perDay.locator('tbody tr').last()).toHaveText(`${today()}3`);
  const resolution = page.getByTestId('chart-resolution');
  await expect(resolution.locator('tbody tr')).toHaveText([
    'Resolvidas pelo agente2',
    'Passadas para uma pessoa1',
  ]);
  const channels = page.getByTestId('chart-per-channel').locator('tbody tr');
  await expect(channels.filter({ hasText: 'WhatsApp' }).locator('td').first()).toHaveText('1');
  await expect(channels.filter({ hasText: 'Site' }).locator('td').first()).toHaveText('2');
  const agents = page.getByTestId('chart-per-agent').locator('tbody tr');
  await expect(agents.first().locator('td').first()).toHaveText('3');
  // The heatmap is a table: today's weekday row holds the 4 customer messages.
  const heatmap = page.getByTestId('chart-busiest-hours').locator('tbody td');
  await expect
    .poll(async () => (await heatmap.allTextContents()).reduce((s, v) => s + Number(v || 0), 0))
    .toBe(4);
  // 'Ver tabela' shows the table.
  const table = perDay.locator('table');
  await expect(table).not.toBeInViewport();
  await perDay.getByRole('button', { name: 'Ver tabela' }).click();
  await expect(table).toBeVisible();
  await expect(perDay.getByRole('button', { name: 'Esconder tabela' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // The cost and usage card.
  const usage = page.getByTestId('usage-card');
  await expect(usage.getByTestId('usage-agents')).toContainText('1 de 1');
  await expect(usage.getByTestId('usage-messages')).toContainText('8');
  await expect(usage).toContainText('Plano Padrão');
  await expectNoSeriousViolations(page, 'Relatórios');

  // 30 days, then WhatsApp only.
  await page.getByRole('button', { name: 'Últimos 30 dias' }).click();
  await expect(perDay.locator('tbody tr')).toHaveCount(30);
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'WhatsApp' }).click();
  await expect(page.getByTestId('figure-conversations')).toContainText('1');
  await expect(perDay.locator('tbody tr').last()).toHaveText(`${today()}1`);

  // The CSV of the chart on screen.
  const downloading = page.waitForEvent('download');
  await perDay.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('conversations-per-day.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Data,Conversas');
  expect(lines).toHaveLength(31);
  expect(lines.at(-1)).toBe(`${today()},1`);

  // A custom range that ends before it starts is refused in Portuguese.
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('De', { exact: true }).fill('2026-03-10');
  await page.getByLabel('Até', { exact: true }).fill('2026-03-01');
  await expect(page.getByTestId('error-alert')).toContainText(
    'A data final deve ser igual ou posterior à inicial.',
  );
  await page.getByLabel('Até', { exact: true }).fill(today());
  await page.getByLabel('De', { exact: true }).fill(today());
  await expect(page.getByTestId('figure-conversations')).toContainText('1');
  await expect(perDay.locator('tbody tr')).toHaveCount(1);
});

test('a new owner sees plain empty states', async ({ signedInPage: { page } }) => {
  await page.goto('/dashboard');
  // The card's figures follow the home (a slower moment on a busy machine).
  await expect(page.getByTestId('home-analytics-card')).toContainText(
    'Nenhuma conversa com clientes nos últimos 7 dias.',
    { timeout: 20_000 },
  );
  await openSection(page, 'analytics');
  await expect(page.getByText('Ainda não há conversas neste período')).toBeVisible();
  await expect(page.getByTestId('usage-card')).toContainText(
    'Nenhuma chamada ao modelo neste mês.',
  );
});
