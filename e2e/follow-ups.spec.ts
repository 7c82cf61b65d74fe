import { createAgentViaApi, toast } from './agents-api';
import { ptText } from './catalogue';
import { expect, test, type Page } from './fixtures';

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
