import { createAgentViaApi, toast } from './agents-api';
import { subscribeViaSandbox } from './billing-api';
import { ptText } from './catalogue';
import { expect, type Page } from './fixtures';
import { advanceJob, query, test } from './postgres-app';
import { connectInSimulator, createInstanceViaApi, inboxMessage } from './whatsapp-api';

/** The follow-ups card of the agent's WhatsApp tab, and its checkboxes by their label. */
async function openFollowUps(page: Page, agentId: number) {
  await page.goto(`/agents/${agentId}/edit?tab=whatsapp`);
  const card = page.getByTestId('follow-ups-card');
  return {
    card,
    enabled: card.getByRole('checkbox', { name: 'Enviar mensagens de acompanhamento' }),
    delay: (name: string) => card.getByRole('checkbox', { name, exact: true }),
    save: card.getByRole('button', { name: 'Salvar acompanhamento' }),
  };
}

test('the owner turns follow-ups on, picks when the agent writes again, and they stay saved', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
  });
  const { enabled, delay, save } = await openFollowUps(page, agent.id);

  // Off until the owner turns it on; the usual delays wait, greyed out.
  await expect(enabled).not.toBeChecked();
  await expect(delay('depois de 3 horas')).toBeChecked();
  await expect(delay('depois de 22 horas')).toBeChecked();
  await expect(delay('depois de 30 minutos')).toBeDisabled();

  await enabled.click();
  await delay('depois de 22 horas').click();
  await delay('depois de 30 minutos').click();
  await delay('depois de 6 horas').click();
  // Three chosen: a fourth cannot be.
  await expect(delay('depois de 12 horas')).toBeDisabled();
  await save.click();
  await expect(toast(page).filter({ hasText: 'Acompanhamento salvo' })).toBeVisible();

  await page.reload();
  await expect(enabled).toBeChecked();
  await expect(delay('depois de 30 minutos')).toBeChecked();
  await expect(delay('depois de 3 horas')).toBeChecked();
  await expect(delay('depois de 6 horas')).toBeChecked();
  await expect(delay('depois de 22 horas')).not.toBeChecked();
  const saved = await page.request.get(`/api/agents/${agent.id}/follow-ups`);
  expect(saved.status()).toBe(200);
  expect(await saved.json()).toEqual({ enabled: true, delaysHours: [0.5, 3, 6] });
});

test('a delay saved through the API shows as a choice; none chosen is refused beside the delays', async ({
  signedInPage: { page },
  baseURL,
}) => {
  const agent = await createAgentViaApi(page, baseURL!, { name: 'Doceria Mel', status: 'active' });
  const put = await page.request.put(`/api/agents/${agent.id}/follow-ups`, {
    data: { enabled: true, delaysHours: [0.75] },
    headers: { Origin: baseURL! },
  });
  expect(put.status(), await put.text()).toBe(200);

  const { card, enabled, delay, save } = await openFollowUps(page, agent.id);
  await expect(enabled).toBeChecked();
  await expect(delay('depois de 45 minutos')).toBeChecked();
  await delay('depois de 45 minutos').click();
  await save.click();
  await expect(card.getByRole('alert')).toHaveText(ptText('errors', 'followUps.noDelay'));

  // Nothing was sent: the API still has the saved delay.
  const saved = await page.request.get(`/api/agents/${agent.id}/follow-ups`);
  expect(await saved.json()).toEqual({ enabled: true, delaysHours: [0.75] });
});

test('a customer who goes quiet after a question gets the follow-up; the inbox labels it; "parar" stops them', async ({
  signedInPage: { page, user },
  baseURL,
  databaseUrl,
}) => {
  test.slow();
  await subscribeViaSandbox(page, baseURL!, user, 'standard');
  const agent = await createAgentViaApi(page, baseURL!, {
    name: 'Padaria Pão Quente',
    status: 'active',
  });
  await createInstanceViaApi(page, baseURL!, agent.id);
  const put = await page.request.put(`/api/agents/${agent.id}/follow-ups`, {
    data: { enabled: true, delaysHours: [0.5] },
    headers: { Origin: baseURL! },
  });
  expect(put.status(), await put.text()).toBe(200);

  // The customer greets; the agent (offline: no key) answers with a question, and goes quiet.
  const { chat } = await connectInSimulator(page);
  await chat.getByLabel('Número do cliente').fill('5511976540001');
  await chat.getByLabel('Mensagem').fill('Oi');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  const received = chat.locator('[data-testid="sim-message"][data-direction="out"]');
  await expect(received.first()).toContainText('Como posso ajudar', { timeout: 45_000 });

  // Its follow-up is scheduled half an hour after the answer; time is advanced, not waited for.
  type Row = { id: number; reason: string; status: string };
  const rows = () =>
    query<Row>(databaseUrl, 'SELECT id, reason, status FROM follow_ups WHERE agent_id = $1', [
      agent.id,
    ]);
  await expect
    .poll(async () => (await rows()).map((r) => [r.reason, r.status]))
    .toEqual([['question', 'scheduled']]);
  const [row] = await rows();
  await advanceJob(
    databaseUrl,
    { table: 'follow_ups', id: row!.id },
    { queue: 'follow-up', singletonKey: `follow-up:${row!.id}` },
  );
  await expect(received.nth(1)).toContainText('Passando para saber se ficou alguma dúvida', {
    timeout: 45_000,
  });

  // The owner's inbox shows it as the agent's follow-up.
  const followUp = await inboxMessage(page, 'Padaria Pão Quente', 'Passando para saber');
  await expect(followUp.getByTestId('inbox-message-origin')).toHaveText(
    ' · acompanhamento automático',
  );

  // "parar": the agent confirms, and writes no follow-up again.
  await chat.getByLabel('Mensagem').fill('parar');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(received.nth(2)).toContainText(ptText('errors', 'followUps.stopped'), {
    timeout: 45_000,
  });
  expect((await rows()).map((r) => r.status)).toEqual(['sent']);
});
