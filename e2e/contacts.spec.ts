import { readFileSync } from 'node:fs';
import { createAgentViaApi, openSection, toast } from './agents-api';
import { addDays, dayIn, setUpBookingViaApi } from './appointments-api';
import { subscribeViaSandbox } from './billing-api';
import { expect, test, type Page } from './fixtures';
import { expectFitsPhone, expectNoSeriousViolations, PHONE } from './screen-helpers';
import { createInstanceViaApi } from './whatsapp-api';

const SIM = '/simulator/evolution/_sim';

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
  return created.instanceName!;
}

test('a WhatsApp customer becomes a contact; the owner moves its stage, exports its data and erases it', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const request = page.context().request;
  const instance = await connectedAgent(page, baseURL!, 'Barbearia do Zé');
  const from = '5511987650042';
  const res = await request.post(`${SIM}/${instance}/messages`, {
    data: { from, text: 'Tem horário amanhã?', pushName: 'Carlos Lima' },
    headers: { Origin: baseURL! },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);

  await page.goto('/dashboard');
  await openSection(page, 'contacts');
  const row = page.getByTestId('contact-row').filter({ hasText: 'Carlos Lima' });
  // The agent's answer makes the new contact 'Em atendimento' (the list follows live events).
  await expect(row).toContainText('+55 11 98765-0042');
  await expect(row).toContainText('WhatsApp');
  await expect(row).toContainText('Em atendimento');
  await expectNoSeriousViolations(page, 'Contatos');
  // On a phone the table scrolls inside its frame, never the page.
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, page.getByTestId('contacts-export-csv'), 'Contatos on a phone');
  await page.setViewportSize(desktop);

  await row.getByRole('button', { name: 'Abrir Carlos Lima' }).click();
  const panel = page.getByTestId('contact-panel');
  await expect(
    panel.getByRole('button', { name: /Barbearia do Zé · WhatsApp.*abrir em Conversas/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'the contact panel');
  await panel.getByLabel('Etapa').selectOption({ label: 'Cliente' });
  await panel.getByLabel('Etiquetas').fill('corte, barba');
  await panel.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page).filter({ hasText: 'Contato atualizado.' })).toBeVisible();
  await expect(row).toContainText('Cliente');
  await expect(row).toContainText('barba');

  // The stage filter finds them under 'Cliente' and not under 'Novo'.
  const stageFilter = page.getByRole('main').getByLabel('Etapa').first();
  await stageFilter.selectOption({ label: 'Novo' });
  await expect(page.getByText('Nenhum contato com esses filtros.')).toBeVisible();
  await stageFilter.selectOption({ label: 'Cliente' });
  await expect(row).toBeVisible();

  // 'Exportar dados (LGPD)': everything about them, their messages included.
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Exportar dados (LGPD)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contato-\d+\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    contact: { name: string; stage: string };
    conversations: { messages: { role: string; content: string }[] }[];
  };
  expect(data.contact).toMatchObject({ name: 'Carlos Lima', stage: 'cliente' });
  expect(data.conversations[0]!.messages[0]).toMatchObject({
    role: 'user',
    content: 'Tem horário amanhã?',
  });

  // 'Apagar contato': the dialog says what goes; cancelling keeps everything.
  await panel.getByRole('button', { name: 'Apagar contato' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Apagar Carlos Lima?');
  await expect(dialog).toContainText('1 conversa, com todas as mensagens e arquivos;');
  await expectNoSeriousViolations(page, 'the erase dialog');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toBeVisible();
  await panel.getByRole('button', { name: 'Apagar contato' }).click();
  await page.getByTestId('contact-erase-confirm').click();
  await expect(toast(page).filter({ hasText: 'Contato apagado.' })).toBeVisible();
  await expect(panel).toBeHidden();
  await stageFilter.selectOption({ label: 'Todas as etapas' });
  await expect(page.getByText('Nenhum contato ainda')).toBeVisible();

  // Gone from the inbox too, and from the API.
  await openSection(page, 'conversations');
  await expect(page.getByTestId('inbox-empty')).toBeVisible();
  const list = await request.get('/api/contacts');
  expect(((await list.json()) as { total: number }).total).toBe(0);
});

test('a contact made by a booking on the page shows the booking and the booking page as its channel', async ({
  signedInPage: { page, user },
  baseURL,
}) => {
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Salão da Bia', status: 'active' });
  const { serviceId, slug } = await setUpBookingViaApi(page, baseURL!, agent.id, {
    name: 'Escova',
    durationMinutes: 30,
  });
  const slots = await page
    .context()
    .request.get(
      `/api/public/booking/${slug}/slots?serviceId=${serviceId}&from=${addDays(dayIn(new Date().toISOString()), 1)}&to=${addDays(dayIn(new Date().toISOString()), 3)}`,
    );
  expect(slots.status(), await slots.text()).toBe(200);
  const [slot] = (await slots.json()) as { startsAt: string }[];
  const booked = await page.context().request.post(`/api/public/booking/${slug}`, {
    data: {
      serviceId,
      startsAt: slot!.startsAt,
      customerName: 'Lia Moraes',
      customerPhone: '(11) 96666-4321',
    },
    headers: { Origin: 'https://outro-site.com.br' },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto('/dashboard');
  await openSection(page, 'contacts');
  const row = page.getByTestId('contact-row').filter({ hasText: 'Lia Moraes' });
  await expect(row).toContainText('Página de agendamento');
  await expect(row).toContainText('Agendado');
  await row.getByRole('button', { name: 'Abrir Lia Moraes' }).click();
  const panel = page.getByTestId('contact-panel');
  await expect(panel).toContainText('Página de agendamento');
  await expect(panel.getByRole('heading', { name: 'Agendamentos' })).toBeVisible();
  await expect(panel.getByTestId('contact-appointments')).toContainText('Escova');
  await expect(panel.getByText('Nenhuma conversa guardada.')).toBeVisible();
  await expectNoSeriousViolations(page, 'a booking contact');
});
