import { createAgentViaApi, openSection, toast } from './agents-api';
import { expect, test } from './fixtures';
import { chooseAgent, createInstanceViaApi } from './whatsapp-api';

// The moment the page says 'Conectado', every panel says so too, and the phone that
// connects is the number the owner typed (here without the country code, as many owners do).
test('connected through the simulator: every panel agrees at once, with the typed number', async ({
  signedInPage: { page },
  baseURL,
}) => {
  await createAgentViaApi(page, baseURL!, { name: 'Padaria Centro' });
  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Padaria Centro');
  await page.getByRole('button', { name: 'Criar Instância WhatsApp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar instância WhatsApp' });
  await dialog.getByLabel('Número do WhatsApp').fill('(21) 99876-5432');
  await dialog.getByRole('button', { name: 'Criar Instância' }).click();
  await expect(toast(page)).toContainText('Instância WhatsApp criada');
  await page
    .getByRole('dialog', { name: 'Escaneie o QR Code' })
    .getByRole('button', { name: /close|fechar/i })
    .click();
  const card = page.getByTestId('whatsapp-connection-card');
  await expect(card).toContainText('+55 21 99876-5432');
  const stats = page.getByTestId('whatsapp-stats');
  await expect(stats.locator('[data-figure="uptime"] dd')).toHaveText('Desconectado');

  // The phone scans without picking another number: the owner's number is the one linked.
  const phone = await page.context().newPage();
  await phone.goto('/simulator');
  const instance = phone.getByTestId('sim-instance');
  await expect(instance).toHaveAttribute('data-state', 'connecting');
  await expect(instance.getByLabel('Outro celular (opcional)')).toHaveValue('');
  await instance.getByRole('button', { name: 'Escanear QR Code' }).click();
  await expect(instance).toHaveAttribute('data-state', 'open', { timeout: 10_000 });
  await expect(instance).toContainText('Celular conectado: 5521998765432');

  // The page's status read notices it (its own rhythm); from that very moment nothing contradicts.
  await page.bringToFront();
  await expect(page.getByTestId('whatsapp-status')).toHaveText('Conectado', { timeout: 20_000 });
  const atOnce = await page.getByTestId('whatsapp-panel').evaluate((panel) => {
    const text = (selector: string) => panel.querySelector(selector)?.textContent?.trim() ?? '';
    return {
      status: text('[data-testid="whatsapp-status"]'),
      uptime: text('[data-figure="uptime"] dd'),
      events: text('[data-figure="events"] dd'),
      card: text('[data-testid="whatsapp-connection-card"]'),
    };
  });
  expect(atOnce.status).toBe('Conectado');
  expect(atOnce.uptime).toMatch(/^\d+ min$/);
  // Either already re-read (at least the connection just made) or shown as being refreshed.
  expect(atOnce.events).toMatch(/^([1-9]\d*|…)$/);
  expect(atOnce.card).toContain('Número conectado+55 21 99876-5432');
  // Re-read at once, not at the figures' own 15 s tick (longer than this expect waits).
  await expect(stats.locator('[data-figure="events"] dd')).toHaveText(/^[1-9]\d*$/);
  await expect(stats.locator('[data-figure="uptime"] dd')).toHaveText(/^\d+ min$/);
});

// The same moment with the page's clock stopped, so no timer of its own can fire: the figures
// follow the new state only because the state change itself re-reads them.
test("a new connection state re-reads the figures itself, not at the figures' own tick", async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Doceria Sul' });
  const created = await createInstanceViaApi(page, baseURL!, agent.id, '+55 (11) 91234-0000');
  await page.clock.install();
  await page.goto('/dashboard');
  await openSection(page, 'whatsapp-instances');
  await chooseAgent(page, 'Doceria Sul');
  const stats = page.getByTestId('whatsapp-stats');
  await expect(stats.locator('[data-figure="uptime"] dd')).toHaveText('Desconectado');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const scanned = await page
    .context()
    .request.post(`/simulator/evolution/_sim/${created.instanceName}/scan`, {
      data: {},
      headers: { Origin: baseURL! },
    });
  expect(scanned.status()).toBe(200);
  expect((await scanned.json()).wuid).toBe('5511912340000@s.whatsapp.net');
  await page.getByRole('button', { name: 'Atualizar situação' }).click();

  // Each look moves the page's clock by 50 ms only: far from the 15 s tick of the figures.
  const look = async (selector: string) => {
    await page.clock.runFor(50);
    return (await page.locator(selector).textContent())?.trim();
  };
  await expect.poll(() => look('[data-testid="whatsapp-status"]')).toBe('Conectado');
  const truth = await page.context().request.get(`/api/agents/${agent.id}/whatsapp/stats`);
  const { connectionEventsToday } = (await truth.json()) as { connectionEventsToday: number };
  expect(connectionEventsToday).toBeGreaterThanOrEqual(1);
  await expect
    .poll(() => look('[data-testid="whatsapp-stats"] [data-figure="events"] dd'))
    .toBe(String(connectionEventsToday));
  expect(await look('[data-testid="whatsapp-stats"] [data-figure="uptime"] dd')).toBe('0 min');
  await expect(page.getByTestId('whatsapp-connection-card')).toContainText(
    'Número conectado+55 11 91234-0000',
  );
});
